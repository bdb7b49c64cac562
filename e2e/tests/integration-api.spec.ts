import { expect, test } from '../support/fixtures';
import { devFormsPath, signInWithMagicLink, submitDevForm } from '../support/onboardingApplicants';

// The organisation's own data in, without seed data: an applicant imported through the
// integration API (with the demo data's published key, apps/server/src/seed/demo.ts) signs in by
// magic link and sees the onboarding tasks, and the staff side reads their progress back.
const demoIntegrationKey = 'tpk_demo-integration-key-for-local-use-only-000';
const authorization = { authorization: `Bearer ${demoIntegrationKey}` };

test('an applicant imported through the integration API signs in by magic link, sees the four tasks, and staff read the progress', async ({
  page,
  request,
}) => {
  const recordId = `rec-e2e-${Date.now()}`;
  const robin = {
    firstName: 'Robin',
    lastName: 'Diaz',
    email: `robin.diaz.${Date.now()}@example.com`,
  };
  const before = new Date(Date.now() - 1_000).toISOString();
  const imported = await request.post('/api/integration/v1/applicants', {
    headers: authorization,
    data: {
      rows: [
        {
          recordId,
          tutorCode: `TUT-${Date.now()}`,
          ...robin,
          status: 'Application Accepted',
          interviewDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        },
      ],
    },
  });
  expect(imported.status()).toBe(200);
  expect(await imported.json()).toMatchObject({ rows: [{ recordId, status: 'created' }] });

  await signInWithMagicLink(page, robin);
  await expect(page).toHaveURL('/onboarding');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Welcome, Robin!');
  for (const name of ['Waiver', 'Training', 'Background Check', 'Availability']) {
    await expect(main.getByRole('article', { name, exact: true })).toContainText('Not Completed');
  }
  await expect(page.getByRole('navigation', { name: 'Onboarding' })).toContainText(
    'Stage 1 of 3: Application Accepted',
  );

  // The waiver's provider reports it; staff see who is where, by what changed since they looked.
  await page.goto(devFormsPath);
  await submitDevForm(page, robin, 'Submit the waiver');
  const progress = await request.get(
    `/api/integration/v1/applicants?updatedSince=${encodeURIComponent(before)}`,
    { headers: authorization },
  );
  expect(progress.status()).toBe(200);
  const { applicants } = (await progress.json()) as {
    applicants: Array<{ recordId: string | null; tasks: Record<string, boolean> }>;
  };
  expect(applicants.find((applicant) => applicant.recordId === recordId)).toMatchObject({
    tasks: { waiver: true, training: false, backgroundCheck: false, availability: false },
    onboardingComplete: false,
  });
});
