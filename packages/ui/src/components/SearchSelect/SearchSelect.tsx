import {
  Button as AriaButton,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import * as field from '../../theme/utilities.css';
import { Icon } from '../Icon/Icon';
import type { SelectOption } from '../SelectField/SelectField';
import * as styles from './SearchSelect.css';

export interface SearchSelectProps {
  /** The visible label, the input's accessible name. */
  label: string;
  /** Every choice; typing narrows them to those whose words contain what is typed. */
  options: readonly SelectOption[];
  /** The chosen option's value. */
  value: string;
  onChange: (value: string) => void;
  /** A hint under the input, part of its description. */
  description?: string | undefined;
  /** What is wrong with the choice; null or absent while nothing is. */
  errorMessage?: string | null | undefined;
  /** What the list says when nothing matches; default 'No matches'. */
  emptyText?: string;
  isDisabled?: boolean;
}

/** Whether an option's words contain what is typed, ignoring case, accents and '_' or '/'. */
export function matchesSearch(words: string, typed: string): boolean {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/[_/]+/g, ' ')
      .toLowerCase()
      .trim();
  return fold(words).includes(fold(typed));
}

/**
 * A choice from a long list that can be searched (react-aria-components ComboBox): type to
 * narrow the list, the arrow keys to move, Enter to choose; the button beside the input opens
 * the whole list. Only a choice of the list can be made.
 */
export function SearchSelect({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  emptyText = 'No matches',
  isDisabled = false,
}: SearchSelectProps) {
  return (
    <ComboBox
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      defaultFilter={matchesSearch}
      menuTrigger="focus"
      // The list stays open when nothing matches, to say so (`emptyText`) rather than vanish.
      allowsEmptyCollection
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={field.field}
    >
      <Label className={field.fieldLabel}>{label}</Label>
      <div className={styles.control}>
        <Input className={[field.fieldControl, styles.input].join(' ')} />
        <AriaButton className={styles.button}>
          <Icon name="chevronDown" size="small" />
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className={field.fieldDescription}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.fieldError}>{errorMessage}</FieldError>
      <Popover className={field.listPopover}>
        <ListBox
          className={field.listBox}
          renderEmptyState={() => <p className={styles.empty}>{emptyText}</p>}
        >
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
    </ComboBox>
  );
}
