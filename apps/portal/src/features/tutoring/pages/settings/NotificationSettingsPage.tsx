import { Box } from '@tutoring/ui/components/Box/Box';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Card } from '@tutoring/ui/components/Card/Card';
import { formatPhoneNumber } from '@tutoring/ui/components/ChatInfoLine/ChatInfoLine';
import { type Choice, ChoiceGroup } from '@tutoring/ui/components/ChoiceGroup/ChoiceGroup';
import { Columns } from '@tutoring/ui/components/Columns/Columns';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { SearchSelect } from '@tutoring/ui/components/SearchSelect/SearchSelect';
import { SelectField } from '@tutoring/ui/components/SelectField/SelectField';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { Toggle } from '@tutoring/ui/components/Toggle/Toggle';
import { useMemo, useState } from 'react';
import { referenceOf } from '../../../../lib/apiError';
import * as page from '../tutoringPage.css';
import * as styles from './NotificationSettingsPage.css';
import { PhoneSection, phoneErrorText } from './PhoneSection';
import {
  deviceTimeZone,
  draftOf,
  draftProblems,
  hasChanges,
  type NotificationChannel,
  type NotificationSettings,
  type SettingsDraft,
  timeOptions,
  timeZoneOptions,
  updateOf,
} from './settingsForm';
import {
  useNotificationSettingsQuery,
  useSaveNotificationSettings,
} from './useNotificationSettings';

const title = 'Notification settings';

/**
 * /tutoring/settings (issue 35): how the tutor hears of a family's reply waiting, or a text that
 * failed: by e-mail, by text to their own verified phone, or not at all; and their quiet hours
 * (by default 21:00 to 08:00 in their time zone), when notifications wait for the morning.
 */
export function NotificationSettingsPage() {
  const settings = useNotificationSettingsQuery();
  return (
    <Stack gap="xl" minWidth={0}>
      <title>{`${title} · Tutoring Dashboard`}</title>
      <Stack gap="xs">
        <h1 className={page.title}>{title}</h1>
        <p className={page.lead}>
          When a family replies and the reply waits unread, or a text of yours could not be
          delivered, we let you know here and on the channel you choose.
        </p>
      </Stack>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <Stack gap="md" align="start">
          <Notice
            variant="failure"
            title="Your notification settings could not be loaded."
            reference={referenceOf(settings.error)}
          >
            {phoneErrorText(settings.error)} Please try again in a moment.
          </Notice>
          <Button
            onPress={() => void settings.refetch()}
            isPending={settings.isFetching}
            pendingLabel="Loading your settings"
          >
            Try again
          </Button>
        </Stack>
      ) : (
        <Box display="flex" justifyContent="center" paddingBlock="xxxl">
          <Spinner label="Loading your settings" size="large" showLabel />
        </Box>
      )}
    </Stack>
  );
}

/** The channel's choices, each saying where notifications would go. */
function channelChoices(settings: NotificationSettings): Choice<NotificationChannel>[] {
  const { phone } = settings;
  return [
    {
      value: 'email',
      label: 'E-mail',
      description: settings.email ? `To ${settings.email}` : 'To your organisation e-mail',
    },
    {
      value: 'text',
      label: 'Text message',
      description: phone?.verified
        ? `To ${formatPhoneNumber(phone.number)}`
        : 'To your own phone, once you verify it below',
    },
    { value: 'none', label: 'None', description: 'You see replies when you open the portal' },
  ];
}

interface SettingsFormProps {
  settings: NotificationSettings;
}

/**
 * The settings as a draft the tutor edits, saved together; the phone is verified on its own. A
 * failed save keeps the draft as it is, with why; a saved one says so.
 */
function SettingsForm({ settings }: SettingsFormProps) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings, deviceTimeZone()));
  const [showProblems, setShowProblems] = useState(false);
  const save = useSaveNotificationSettings();
  const problems = draftProblems(draft, settings.phone);
  const edit = (change: Partial<SettingsDraft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const onSave = () => {
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      return;
    }
    save.mutate(updateOf(draft));
  };
  // The channel's problem is said at once: choosing Text without a phone needs the next step.
  const channelProblem = problems.channel ?? null;

  return (
    <Stack gap="xl">
      <Card title="How we tell you">
        <ChoiceGroup
          label="Send notifications by"
          choices={channelChoices(settings)}
          value={draft.channel}
          onChange={(channel) => edit({ channel })}
          errorMessage={channelProblem}
        />
      </Card>
      <Card title="Your phone for texts">
        <PhoneSection phone={settings.phone} />
      </Card>
      <Card title="Quiet hours">
        <QuietHoursFields
          draft={draft}
          edit={edit}
          problems={showProblems ? problems : {}}
          storedZone={settings.timeZone}
        />
      </Card>
      <Stack gap="md" align="start">
        {save.isSuccess ? <Notice variant="success" title="Your settings are saved." /> : null}
        {save.isError ? (
          <Notice
            variant="failure"
            title="Your settings were not saved."
            reference={referenceOf(save.error)}
          >
            {phoneErrorText(save.error)} Your changes are still here: try saving again.
          </Notice>
        ) : null}
        <Inline gap="sm" alignY="center">
          <Button onPress={onSave} isPending={save.isPending} pendingLabel="Saving">
            Save changes
          </Button>
          {hasChanges(draft, settings) && !save.isPending ? (
            <p className={styles.text}>You have changes that are not saved yet.</p>
          ) : null}
        </Inline>
      </Stack>
    </Stack>
  );
}

interface QuietHoursFieldsProps {
  draft: SettingsDraft;
  edit: (change: Partial<SettingsDraft>) => void;
  problems: ReturnType<typeof draftProblems>;
  storedZone: string;
}

/** Quiet hours on or off, their start and end, and the time zone they are counted in. */
function QuietHoursFields({ draft, edit, problems, storedZone }: QuietHoursFieldsProps) {
  const times = useMemo(() => timeOptions([draft.start, draft.end]), [draft.start, draft.end]);
  const zones = useMemo(
    () => timeZoneOptions([storedZone, draft.timeZone, deviceTimeZone()]),
    [storedZone, draft.timeZone],
  );
  return (
    <Stack gap="lg">
      <Toggle
        label="Hold notifications during quiet hours"
        description="Nothing is sent between these times; what waited comes in one message when they end."
        isSelected={draft.quietHoursOn}
        onChange={(quietHoursOn) => edit({ quietHoursOn })}
      />
      {draft.quietHoursOn ? (
        <Columns columns={2} collapseBelow="never" gap="md">
          <SelectField
            label="From"
            options={times}
            value={draft.start}
            onChange={(start) => edit({ start })}
            errorMessage={problems.quietHours ?? null}
          />
          <SelectField
            label="Until"
            options={times}
            value={draft.end}
            onChange={(end) => edit({ end })}
          />
        </Columns>
      ) : null}
      <SearchSelect
        label="Your time zone"
        description="Quiet hours count in this time zone. Type a city to find it."
        options={zones}
        value={draft.timeZone}
        onChange={(timeZone) => edit({ timeZone })}
        errorMessage={problems.timeZone ?? null}
        emptyText="No time zone matches. Try a nearby large city."
      />
    </Stack>
  );
}
