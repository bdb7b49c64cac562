import { Button } from '@tutoring/ui/components/Button/Button';
import { formatPhoneNumber } from '@tutoring/ui/components/ChatInfoLine/ChatInfoLine';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { TextInput } from '@tutoring/ui/components/TextInput/TextInput';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { isApiError, referenceOf } from '../../../../lib/apiError';
import * as styles from './NotificationSettingsPage.css';
import { type NotificationSettings, toE164 } from './settingsForm';
import { useStartPhoneVerification, useVerifyPhone } from './useNotificationSettings';

type Phone = NotificationSettings['phone'];

/** A failed call's words for the field under it: the server's message, or the connection's. */
export function phoneErrorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'The portal could not reach the server. Check your connection and try again.';
}

/** Where the tutor is in verifying their phone. */
export type PhoneStep = 'number' | 'code' | 'verified';

/** The step the stored phone puts the section in (a number waiting for its code: 'code'). */
export function phoneStep(phone: Phone, changingNumber: boolean): PhoneStep {
  if (!phone || changingNumber) return 'number';
  return phone.verified ? 'verified' : 'code';
}

interface PhoneSectionProps {
  phone: Phone;
}

/**
 * The tutor's own phone for text notifications, verified by a code texted to it: the number and
 * Send code; then the code and Verify (with Send a new code and Use another number); then the
 * verified number with Change number. A tutor who replied STOP to a notification is told how to
 * undo it.
 */
export function PhoneSection({ phone }: PhoneSectionProps) {
  const [changingNumber, setChangingNumber] = useState(false);
  const startVerification = useStartPhoneVerification();
  const verify = useVerifyPhone();
  const step = phoneStep(phone, changingNumber);

  const sendCode = async (number: string) => {
    verify.reset();
    await startVerification.mutateAsync(number);
    setChangingNumber(false);
  };

  return (
    <Stack gap="md">
      {phone?.optedOut ? (
        <Notice variant="warn" title="Texts to your phone are paused.">
          You replied STOP to one of our notification texts, so we cannot text you. To get texts
          again, reply START to that text (or text START to the number it came from).
        </Notice>
      ) : null}
      {step === 'number' ? (
        <NumberStep
          initial={phone?.number ?? ''}
          onSend={sendCode}
          isSending={startVerification.isPending}
          error={startVerification.isError ? phoneErrorText(startVerification.error) : null}
          onCancel={changingNumber ? () => setChangingNumber(false) : undefined}
        />
      ) : null}
      {step === 'code' && phone ? (
        <CodeStep
          number={phone.number}
          onVerify={(code) => verify.mutateAsync(code)}
          isVerifying={verify.isPending}
          error={verify.isError ? phoneErrorText(verify.error) : null}
          onResend={() => void sendCode(phone.number).catch(() => undefined)}
          isResending={startVerification.isPending}
          resendError={startVerification.isError ? phoneErrorText(startVerification.error) : null}
          resendReference={referenceOf(startVerification.error)}
          onChangeNumber={() => {
            startVerification.reset();
            setChangingNumber(true);
          }}
        />
      ) : null}
      {step === 'verified' && phone ? (
        <Stack gap="sm">
          <p className={styles.text}>
            <strong>{formatPhoneNumber(phone.number)}</strong> is verified.
          </p>
          {verify.isSuccess ? (
            <Notice variant="success" title="Your phone is verified.">
              You can now choose text notifications above.
            </Notice>
          ) : null}
          <Inline gap="sm">
            <Button
              variant="secondary"
              onPress={() => {
                startVerification.reset();
                setChangingNumber(true);
              }}
            >
              Change number
            </Button>
          </Inline>
        </Stack>
      ) : null}
    </Stack>
  );
}

interface NumberStepProps {
  initial: string;
  onSend: (number: string) => Promise<void>;
  isSending: boolean;
  error: string | null;
  onCancel: (() => void) | undefined;
}

/** The number, as people write it, and Send code. */
function NumberStep({ initial, onSend, isSending, error, onCancel }: NumberStepProps) {
  const [typed, setTyped] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = toE164(typed);
    if (!number) {
      setProblem('Enter a mobile number with its area code, such as (510) 555-0123.');
      return;
    }
    setProblem(null);
    onSend(number).catch(() => undefined);
  };
  return (
    <Form onSubmit={submit} validationBehavior="aria" aria-label="Your phone number">
      <Stack gap="sm">
        <TextInput
          label="Your mobile number"
          description="We text a six-digit code to it, to check that it is yours."
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setProblem(null);
          }}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          errorMessage={problem ?? error}
        />
        <Inline gap="sm">
          <Button type="submit" isPending={isSending} pendingLabel="Sending the code">
            Send code
          </Button>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              Keep my number
            </Button>
          ) : null}
        </Inline>
      </Stack>
    </Form>
  );
}

interface CodeStepProps {
  number: string;
  onVerify: (code: string) => Promise<unknown>;
  isVerifying: boolean;
  error: string | null;
  onResend: () => void;
  isResending: boolean;
  resendError: string | null;
  /** The failed request's id, shown as "Reference" for support. */
  resendReference: string | undefined;
  onChangeNumber: () => void;
}

/** The code texted to the number, Verify, and a new code or another number. */
function CodeStep(props: CodeStepProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^[0-9]{6}$/.test(digits)) {
      setProblem('Enter the six-digit code from the text.');
      return;
    }
    setProblem(null);
    props.onVerify(digits).catch(() => undefined);
  };
  return (
    <Form onSubmit={submit} validationBehavior="aria" aria-label="Verify your phone">
      <Stack gap="sm">
        <p className={styles.text}>
          We texted a code to <strong>{formatPhoneNumber(props.number)}</strong>. It works for 10
          minutes.
        </p>
        <TextInput
          label="Code from the text"
          value={code}
          onChange={(value) => {
            setCode(value);
            setProblem(null);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          width="short"
          errorMessage={problem ?? props.error}
        />
        <Inline gap="sm">
          <Button type="submit" isPending={props.isVerifying} pendingLabel="Verifying">
            Verify
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              setCode('');
              setProblem(null);
              props.onResend();
            }}
            isPending={props.isResending}
            pendingLabel="Sending a new code"
          >
            Send a new code
          </Button>
          <Button variant="secondary" onPress={props.onChangeNumber}>
            Use another number
          </Button>
        </Inline>
        {props.resendError ? (
          <Notice variant="failure" title="No new code was sent." reference={props.resendReference}>
            {props.resendError}
          </Notice>
        ) : null}
      </Stack>
    </Form>
  );
}
