import { useId } from 'react';
import { Switch } from 'react-aria-components';
import * as field from '../../theme/utilities.css';
import { Stack } from '../Stack/Stack';
import * as styles from './Toggle.css';

export interface ToggleProps {
  /** What it turns on, its accessible name. */
  label: string;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  /** What on means, under it, and its accessible description. */
  description?: string | undefined;
  isDisabled?: boolean;
}

/**
 * An on/off switch (react-aria-components Switch, a checkbox with the switch role): Space
 * toggles it, and a screen reader says its label, on or off, and its description.
 */
export function Toggle({
  label,
  isSelected,
  onChange,
  description,
  isDisabled = false,
}: ToggleProps) {
  const descriptionId = useId();
  return (
    <Stack gap="none">
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.toggle}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.label}>{label}</span>
      </Switch>
      {description ? (
        <p id={descriptionId} className={[field.fieldDescription, styles.description].join(' ')}>
          {description}
        </p>
      ) : null}
    </Stack>
  );
}
