import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolationsAtEveryWidth } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { maya } from '../support/googleSignIn';
import {
  closeNewAnnouncementPopupWhenShown,
  postGuardianReply,
  signedInTutorStudents,
  smsOutbox,
  studentNamed,
} from '../support/messenger';
import { translationDoubleUrlFor } from '../support/stack';

// Messages across languages (issue 18) on the real stack: the e2e stack gives the server a key
// to the local double of DeepL's API (scripts/lib/deepl-double.mjs), so Sofia's family, whose
// Language is Spanish, gets the tutor's English in Spanish and their replies come back in English.

test.describe.configure({ timeout: 120_000 });
test.use({ signedInAs: maya });

async function steerTranslationDouble(request: APIRequestContext, path: string, data?: object) {
  // The double beside this worker's server (support/stack.ts).
  const translationDouble = translationDoubleUrlFor(test.info().parallelIndex);
  const response = await request.post(`${translationDouble}/__double/${path}`, {
    data: data ?? {},
  });
  expect(response.status()).toBe(204);
}

test.afterEach(async ({ request }) => {
  await steerTranslationDouble(request, 'reset');
});

async function openSofiasChat(page: Page) {
  await closeNewAnnouncementPopupWhenShown(page);
  await page.goto('/tutoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeVisible();
  const sofia = studentNamed(await signedInTutorStudents(page), 'Sofia');
  // The row's notice tells the truth: this server translates.
  await expect(
    page.getByText(
      "This family's language is Spanish: your messages are translated into Spanish for them, and their replies into English for you.",
    ),
  ).toBeVisible();
  await page.goto(`/tutoring/messenger/${sofia.id}`);
  const log = page.getByRole('log', { name: 'Messages with Ana Martinez' });
  await expect(log).toBeVisible();
  return { sofia, log, box: page.getByRole('textbox', { name: 'Message to Ana' }) };
}

test('a tutor writes in English, the Spanish family receives Spanish, and their reply reads in English', async ({
  page,
  request,
}) => {
  const { sofia, log, box } = await openSofiasChat(page);

  const text =
    'Hi! Sofia did great today. Can she practise fractions for ten minutes before our next session?';
  const spanish =
    '¡Hola! Sofía lo hizo muy bien hoy. ¿Puede practicar fracciones durante diez minutos antes de nuestra próxima sesión?';
  await box.fill(text);
  // Spanish with accents goes out as UCS-2, 70 characters a text: the tutor is told beforehand.
  await expect(page.getByText(/In Spanish this will go out as about 2 texts/)).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue('');

  const sent = log.getByRole('listitem').filter({ hasText: text });
  await expect(sent).toContainText('Sent in Spanish');
  const [latest] = await smsOutbox(request);
  expect(latest).toMatchObject({ to: '+15550100111', body: spanish });

  // What the family received is one press away, marked as Spanish for screen readers.
  await sent.getByRole('button', { name: /Show what the family received/ }).click();
  await expect(sent.getByText(spanish)).toBeVisible();
  await expect(sent.locator('[lang="es"]')).toHaveText(spanish);

  // Their reply, in Spanish, shows in English with the original one press away.
  const reply = 'Sí, va a practicar. ¡Gracias, maestra!';
  await postGuardianReply(request, sofia.id, reply);
  const answer = log
    .getByRole('listitem')
    .filter({ hasText: 'Yes, she will practise. Thank you, teacher!' });
  await expect(answer).toContainText('Translated from Spanish', { timeout: 7_000 });
  await expect(answer).toContainText('Ana Martinez');
  await answer.getByRole('button', { name: /Show original/ }).click();
  await expect(answer.locator('[lang="es"]')).toHaveText(reply);
  await expectNoAxeViolationsAtEveryWidth(page);
});

test('when translation fails nothing goes out in English unasked: Send as written sends it once', async ({
  page,
  request,
}) => {
  const { log, box } = await openSofiasChat(page);
  await steerTranslationDouble(request, 'fail', { status: 503 });

  const text = `Thank you, see you soon! (${Date.now()})`;
  await box.fill(text);
  await box.press('Enter');
  const item = log.getByRole('listitem').filter({ hasText: text });
  await expect(item).toContainText('Not sent: it could not be translated into Spanish.');
  expect((await smsOutbox(request)).filter((sms) => sms.body.includes(text))).toHaveLength(0);
  await expect(item.getByRole('button', { name: /^Retry/ })).toBeVisible();
  await expectNoAxeViolationsAtEveryWidth(page);

  // Retry while the provider is still down: still not sent, still both choices.
  const retried = page.waitForResponse((response) =>
    response.url().endsWith('/api/tutor/retry-message'),
  );
  await item.getByRole('button', { name: /^Retry/ }).click();
  expect(await (await retried).json()).toMatchObject({ deliveryStatus: 'untranslated' });
  await expect(item).toContainText('Not sent: it could not be translated into Spanish.');

  // Two quick presses on Send as written (the button names the language it sends in): one text,
  // in the tutor's own words, and it says so.
  await item.getByRole('button', { name: /^Send in English/ }).dblclick();
  await expect(item).not.toContainText('Not sent');
  await expect(item).toContainText('Sent in English, as written');
  const copies = (await smsOutbox(request)).filter((sms) => sms.body === text);
  expect(copies).toHaveLength(1);
  await expect(log.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
});
