// The mail and SMS providers' settings under the production rules (config.ts reads them with the
// rest). A value that can never work refuses the start, one line each, as other bad production
// settings do: a placeholder SMTP_URL (the example's host, "changeme"), or Twilio credentials
// not in Twilio's format. What may work but cannot be reached now is not refused: the server
// starts degraded and says so (app/providers.ts, GET /api/readyz). An unset SMTP_URL or Twilio
// is a choice (no e-mail, no texts), also not refused.

/** Hosts reserved for examples and tests (RFC 2606, RFC 6761): never a real mail server. */
const RESERVED_HOST = /(^|\.)(example\.(com|net|org)|example|invalid|test)$/i;
/** Words of a value left as a template's. */
const PLACEHOLDER = /changeme|change-me|placeholder|^your[-_.]|[<>{}]/i;
const PLACEHOLDER_PASSWORDS = new Set(['password', 'pass', 'secret', 'changeme']);

const SMTP_URL_FORM =
  'smtp:// or smtps:// URL of the mail server (e.g. smtps://user:pass@host:465)';

/** Why SMTP_URL cannot be a mail server's URL, if it cannot; the URL is not quoted (a password). */
export function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SMTP_URL must be an ${SMTP_URL_FORM}; the value set is not a URL`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `SMTP_URL must be an ${SMTP_URL_FORM}, got ${url.protocol}//...`;
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (
    url.hostname === '' ||
    RESERVED_HOST.test(url.hostname) ||
    PLACEHOLDER.test(url.hostname) ||
    PLACEHOLDER.test(user) ||
    PLACEHOLDER.test(password) ||
    PLACEHOLDER_PASSWORDS.has(password.toLowerCase())
  ) {
    return (
      `SMTP_URL is a placeholder (host '${url.hostname}'): set the organisation's mail server, ` +
      'or leave SMTP_URL unset to run without e-mail (sign-in links then answer 503)'
    );
  }
  return undefined;
}

/** Twilio's Account SID: AC and 32 hexadecimal digits; its Auth Token: 32 hexadecimal digits. */
const ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;
const AUTH_TOKEN = /^[0-9a-f]{32}$/i;

/** Why the Twilio credentials cannot be Twilio's, if they cannot; the token is not quoted. */
export function twilioCredentialProblems(accountSid: string, authToken: string): string[] {
  const problems: string[] = [];
  if (!ACCOUNT_SID.test(accountSid)) {
    problems.push(
      `TWILIO_ACCOUNT_SID must be a Twilio Account SID (AC and 32 hexadecimal digits, the console's Account Info), got '${accountSid.slice(0, 40)}'`,
    );
  }
  if (!AUTH_TOKEN.test(authToken)) {
    problems.push(
      `TWILIO_AUTH_TOKEN must be a Twilio Auth Token (32 hexadecimal digits, the console's Account Info); the value set is ${authToken.length} characters, not in that form`,
    );
  }
  return problems;
}

/** The providers' settings that refuse a start under the production rules. */
export function productionProviderProblems(values: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (values.SMTP_URL !== undefined) {
    const problem = smtpUrlProblem(values.SMTP_URL);
    if (problem) problems.push(problem);
  }
  if (values.TWILIO_ACCOUNT_SID !== undefined && values.TWILIO_AUTH_TOKEN !== undefined) {
    problems.push(...twilioCredentialProblems(values.TWILIO_ACCOUNT_SID, values.TWILIO_AUTH_TOKEN));
  }
  return problems;
}
