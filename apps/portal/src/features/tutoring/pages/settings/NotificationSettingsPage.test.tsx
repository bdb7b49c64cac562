import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockPhoneVerificationCode, scenarios, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../../testing/mockBackend';
import { signedInMaya } from '../../../../testing/sessions';
import { createTestServices } from '../../../../testing/testServices';
import { renderPage } from '../testing/renderTutoringPage';
import { NotificationSettingsPage } from './NotificationSettingsPage';

let backend: MockBackend;

const renderSettings = () =>
  renderPage(NotificationSettingsPage, {
    routePath: '/tutoring/settings',
    at: '/tutoring/settings',
    services: createTestServices({ auth: () => signedInMaya, backend }),
  });

const radio = (name: RegExp | string) => screen.getByRole('radio', { name });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('NotificationSettingsPage (/tutoring/settings)', () => {
  beforeEach(() => {
    backend = createMockBackend();
  });
  afterEach(cleanup);

  it('shows the stored settings: e-mail to the tutor, quiet hours 9 PM to 8 AM, the time zone', async () => {
    await renderSettings();
    expect(await screen.findByRole('radiogroup', { name: 'Send notifications by' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notification settings');
    expect((radio(/^E-mail/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(`To ${tutorMaya.email}`)).toBeTruthy();
    expect((screen.getByRole('switch', { name: /quiet hours/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: /^9:00 PM/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^8:00 AM/ })).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Your time zone' }) as HTMLInputElement).value,
    ).toBe('America/Los Angeles');
  });

  it('says texts need a verified phone, and sends nothing while they have none', async () => {
    await renderSettings();
    fireEvent.click(await screen.findByRole('radio', { name: /^Text message/ }));
    expect(screen.getByText(/^Texts need a verified phone/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(backend.requestsTo('PUT /tutor/notification-settings')).toHaveLength(0);
  });

  it('verifies the phone by a code: a wrong code says so, the right one verifies, then Text saves', async () => {
    await renderSettings();
    await screen.findByRole('radiogroup', { name: 'Send notifications by' });
    type('Your mobile number', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^Enter a mobile number with its area code/)).toBeTruthy();
    type('Your mobile number', '(510) 555-0188');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('textbox', { name: 'Code from the text' })).toBeTruthy();
    expect(backend.requestsTo('POST /tutor/notification-settings/phone')[0]?.body).toEqual({
      phone: '+15105550188',
    });
    type('Code from the text', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the text and try again.'));
    type('Code from the text', mockPhoneVerificationCode);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone is verified.')).toBeTruthy();
    expect(screen.getByText('To +1 (510) 555-0188')).toBeTruthy();

    fireEvent.click(radio(/^Text message/));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your settings are saved.')).toBeTruthy();
    expect(backend.db.notificationSettings.channel).toBe('text');
  });

  it('says an expired code must be replaced, and sends a new one', async () => {
    backend = createMockBackend({ seed: scenarios.phoneCodeExpired });
    await renderSettings();
    await screen.findByRole('textbox', { name: 'Code from the text' });
    type('Code from the text', mockPhoneVerificationCode);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code has expired. Send a new code.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() =>
      expect(backend.requestsTo('POST /tutor/notification-settings/phone')).toHaveLength(1),
    );
    type('Code from the text', mockPhoneVerificationCode);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your phone is verified.')).toBeTruthy();
  });

  it('keeps the changes when saving fails, and saves them on the next try', async () => {
    backend.behaviour['PUT /tutor/notification-settings'] = {
      fail: { status: 'UNAVAILABLE', message: 'Down for maintenance' },
      once: true,
    };
    await renderSettings();
    fireEvent.click(await screen.findByRole('radio', { name: /^None/ }));
    fireEvent.click(screen.getByRole('switch', { name: /quiet hours/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Your settings were not saved.');
    expect(failure.textContent).toContain('Down for maintenance');
    expect((radio(/^None/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /quiet hours/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your settings are saved.')).toBeTruthy();
    expect(backend.db.notificationSettings).toMatchObject({ channel: 'none', quietHours: null });
  });

  it('tells a tutor who replied STOP how to get texts again', async () => {
    backend = createMockBackend({ seed: scenarios.tutorPhoneOptedOut });
    await renderSettings();
    const notice = await screen.findByText('Texts to your phone are paused.');
    expect(notice.closest('[role="status"]')?.textContent).toMatch(/reply START/);
  });

  it('shows a spinner while loading, and an error with Try again when the settings cannot load', async () => {
    backend.hold('GET /tutor/notification-settings');
    await renderSettings();
    expect(screen.getByRole('progressbar', { name: 'Loading your settings' })).toBeTruthy();
    cleanup();
    backend = createMockBackend();
    backend.behaviour['GET /tutor/notification-settings'] = {
      fail: { status: 'UNAVAILABLE', message: 'Down for maintenance' },
      once: true,
    };
    await renderSettings();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Send notifications by' })).toBeTruthy();
  });
});
