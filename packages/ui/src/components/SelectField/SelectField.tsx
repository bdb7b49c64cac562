import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import * as field from '../../theme/utilities.css';
import { Icon } from '../Icon/Icon';
import * as styles from './SelectField.css';

/** One option of a select: the value it stands for, and the words it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  /** The visible label, the select's accessible name. */
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's value. */
  value: string;
  onChange: (value: string) => void;
  /** A hint under the button, part of its description. */
  description?: string | undefined;
  /** What is wrong with the choice; null or absent while nothing is. */
  errorMessage?: string | null | undefined;
  isDisabled?: boolean;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * A choice from a short list (react-aria-components Select): a button that shows the choice and
 * opens the list, which the arrow keys, typing and Escape work as a native select's would.
 */
export function SelectField({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isDisabled = false,
  className,
}: SelectFieldProps) {
  return (
    <Select
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={[field.field, className].filter(Boolean).join(' ')}
    >
      <Label className={field.fieldLabel}>{label}</Label>
      <AriaButton className={[field.fieldControl, styles.button].join(' ')}>
        <SelectValue className={styles.value} />
        <Icon name="chevronDown" size="small" />
      </AriaButton>
      {description ? (
        <Text slot="description" className={field.fieldDescription}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.fieldError}>{errorMessage}</FieldError>
      <Popover className={field.listPopover}>
        <ListBox className={field.listBox}>
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className={field.listOption}
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
