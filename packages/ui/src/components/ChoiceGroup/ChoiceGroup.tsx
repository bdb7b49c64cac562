import { useId } from 'react';
import { FieldError, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import * as field from '../../theme/utilities.css';
import { Stack } from '../Stack/Stack';
import * as styles from './ChoiceGroup.css';

/** One choice of a group. */
export interface Choice<Value extends string> {
  value: Value;
  /** Its name, as short as the choice. */
  label: string;
  /** What choosing it means (shown under it, and its accessible description). */
  description?: string | undefined;
  /** A choice that cannot be made now; its description should say why. */
  isDisabled?: boolean | undefined;
}

export interface ChoiceGroupProps<Value extends string> {
  /** The question the choices answer, the group's accessible name. */
  label: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** A hint under the label, part of the group's description. */
  description?: string | undefined;
  /** What is wrong with the choice, announced with the group; null or absent while nothing is. */
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
}

/**
 * A group of exclusive choices, each with what it means under it (react-aria-components
 * RadioGroup and Radio): the arrow keys move between the choices, a disabled one is skipped, and
 * a screen reader reads each choice's meaning with it.
 */
export function ChoiceGroup<Value extends string>({
  label,
  choices,
  value,
  onChange,
  description,
  errorMessage,
  isDisabled = false,
}: ChoiceGroupProps<Value>) {
  const idPrefix = useId();
  return (
    <RadioGroup
      value={value}
      onChange={(chosen) => onChange(chosen as Value)}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={field.field}
    >
      <Label className={field.fieldLabel}>{label}</Label>
      {description ? (
        <Text slot="description" className={field.fieldDescription}>
          {description}
        </Text>
      ) : null}
      <Stack gap="xs">
        {choices.map((choice) => {
          const descriptionId = `${idPrefix}-${choice.value}`;
          return (
            <Stack key={choice.value} gap="none" className={styles.choice}>
              <Radio
                value={choice.value}
                isDisabled={choice.isDisabled}
                aria-describedby={choice.description ? descriptionId : undefined}
                className={styles.radio}
              >
                <span className={styles.indicator} aria-hidden="true" />
                <span className={styles.label}>{choice.label}</span>
              </Radio>
              {choice.description ? (
                <p id={descriptionId} className={styles.description}>
                  {choice.description}
                </p>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
      <FieldError className={field.fieldError}>{errorMessage}</FieldError>
    </RadioGroup>
  );
}
