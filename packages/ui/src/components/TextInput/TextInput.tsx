import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import * as field from '../../theme/utilities.css';
import * as styles from './TextInput.css';

export interface TextInputProps {
  /** The visible label, also the input's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A hint under the input, part of its accessible description. */
  description?: string | undefined;
  /**
   * What is wrong with the value, shown under the input and announced with it; null or absent
   * while nothing is.
   */
  errorMessage?: string | null | undefined;
  /** 'tel' for a phone number (the phone keyboard on a touch screen); default 'text'. */
  type?: 'text' | 'tel' | 'email';
  /** The on-screen keyboard, e.g. 'numeric' for a code. */
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  /** The browser's autofill hint, e.g. 'tel' or 'one-time-code'. */
  autoComplete?: string;
  maxLength?: number;
  isDisabled?: boolean;
  /** How wide the input is: the field's whole width, or about as wide as a short code. */
  width?: 'full' | 'short';
  /** Layout only (placement), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * A labelled text input (react-aria-components TextField): the label names it, the description
 * and the error message describe it, and an error marks it invalid.
 */
export function TextInput({
  label,
  value,
  onChange,
  description,
  errorMessage,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  isDisabled = false,
  width = 'full',
  className,
}: TextInputProps) {
  return (
    <TextField
      value={value}
      onChange={onChange}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      // The page says what is wrong (a server's answer, a rule of its own), not the browser.
      validationBehavior="aria"
      className={[field.field, className].filter(Boolean).join(' ')}
    >
      <Label className={field.fieldLabel}>{label}</Label>
      <Input className={[field.fieldControl, styles.input[width]].join(' ')} />
      {description ? (
        <Text slot="description" className={field.fieldDescription}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.fieldError}>{errorMessage}</FieldError>
    </TextField>
  );
}
