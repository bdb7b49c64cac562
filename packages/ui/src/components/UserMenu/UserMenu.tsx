import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Popover,
  type PopoverProps,
} from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Stack } from '../Stack/Stack';
import * as styles from './UserMenu.css';

export interface UserMenuProps {
  firstName: string;
  lastName: string;
  email: string;
  /** Called when the user chooses 'Sign Out'; the popover closes first. */
  onSignOut: () => void;
  /** Where the popover opens relative to the button; 'top' suits a sidebar footer. */
  placement?: PopoverProps['placement'];
}

const initialsOf = (firstName: string, lastName: string) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();

/**
 * The signed-in user's menu: a button with the user's initials and name opens a popover
 * (react-aria-components DialogTrigger, Popover, Dialog) with the full name, the e-mail address
 * and 'Sign Out'. The button reports aria-expanded; Escape closes and focus returns to it.
 */
export function UserMenu({
  firstName,
  lastName,
  email,
  onSignOut,
  placement = 'top start',
}: UserMenuProps) {
  const fullName = `${firstName} ${lastName}`.trim();
  return (
    <DialogTrigger>
      <AriaButton className={styles.trigger}>
        <Box
          as="span"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          className={styles.avatar}
          aria-hidden="true"
        >
          {initialsOf(firstName, lastName)}
        </Box>
        <Box as="span" display="flex" flexDirection="column" className={styles.identity}>
          <span className={visuallyHidden}>Account: </span>
          <span className={styles.name}>{fullName}</span>
          <span className={styles.email}>{email}</span>
        </Box>
        <Icon name="chevronDown" size="small" className={styles.chevron} />
      </AriaButton>
      <Popover placement={placement} offset={8} className={styles.popover}>
        <Dialog aria-label="Account" className={styles.dialog}>
          {({ close }) => (
            <>
              <Stack gap="xxs" className={styles.details}>
                <p className={styles.detailName}>{fullName}</p>
                <p className={styles.detailEmail}>{email}</p>
              </Stack>
              <Button
                variant="secondary"
                fullWidth
                onPress={() => {
                  close();
                  onSignOut();
                }}
              >
                <Icon name="logOut" />
                Sign Out
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
