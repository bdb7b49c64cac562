// Issue 36 item 8, the integrity fixes: an unambiguous learning-portal launch signature, HTML
// sanitised on the way in (every HTML field of the integration API and the CSV import, links to a
// new tab only with rel="noopener noreferrer"), families' replies matched only to students not
// archived with their (forwarding number, guardian phone) pair unique among them (migration
// 0018), long random applicant codes, and Twilio's signature checked with and without the port.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, messages, portalAnnouncements, students } from '../src/db/schema.ts';
import { importCsv, importHeader } from '../src/modules/integration/csv-import.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { newApplicantCode } from '../src/modules/onboarding/applicants.ts';
import { twilioUrlForms } from '../src/modules/webhooks/twilio-url.ts';
import { launchSigningString, learningPortalLaunchUrl } from '../src/providers/learning-portal.ts';
import { twilioSignature } from '../src/providers/sms.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, contract, expectError } from './support/calls.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const MAYA_RECORD_ID = 'recMC7Qd2LxA9vT';
const TWILIO = {
  accountSid: 'ACtest',
  authToken: 'twilio-test-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};
// Sofia (STU-20417, Maya's): the demo's pair.
const SOFIA = {
  code: 'STU-20417',
  guardianPhone: '+15550100111',
  forwardingNumber: '+15550190011',
};

let server: TestApp;
const api = caller(() => server.app);
let writeKey = '';

beforeAll(async () => {
  server = await startTestApp({
    now: () => NOW,
    config: { twilio: TWILIO },
    dependencies: {
      fetch: (async () =>
        Response.json({ sid: 'SMout', status: 'queued' }, { status: 201 })) as typeof fetch,
    },
    fixtures: (db) => seedDemoData(db, { now: NOW }),
  });
  writeKey = (
    await createIntegrationKey(server.db, { name: 'integrity-tests', scope: 'write', now: NOW })
  ).key;
});
afterAll(() => server?.close());

const write = (path: string, rows: unknown[]) =>
  api.post(`/integration/v1/${path}`, { rows }, undefined, {
    authorization: `Bearer ${writeKey}`,
  });

describe('the learning-portal launch signature', () => {
  const launch = (studentCode: string, tutorCode: string) =>
    new URL(
      learningPortalLaunchUrl({
        baseUrl: 'https://learning.example.org/launch',
        secret: 'launch-secret',
        studentCode,
        tutorCode,
        now: NOW,
      }),
    );

  it('tells apart codes that a dot-joined form could not (A.B + C and A + B.C)', () => {
    const one = launch('STU.1', 'TUT');
    const other = launch('STU', '1.TUT');
    expect(one.searchParams.get('signature')).not.toBe(other.searchParams.get('signature'));
  });

  it('signs sorted, URL-encoded name=value pairs of student, tutor and expires', () => {
    const url = launch('STU-20417', 'TUT-1042');
    const expires = String(NOW.getTime() / 1000 + 300);
    const signed = launchSigningString({ student: 'STU-20417', tutor: 'TUT-1042', expires });
    expect(signed).toBe(`expires=${expires}&student=STU-20417&tutor=TUT-1042`);
    expect(launchSigningString({ student: 'a&tutor=b', tutor: 'c' })).toBe(
      'student=a%26tutor%3Db&tutor=c',
    );
    expect(url.searchParams.get('signature')).toBe(
      createHmac('sha256', 'launch-secret').update(signed).digest('base64url'),
    );
  });
});

describe('HTML sanitised on the way in', () => {
  const dirty =
    '<p onclick="steal()">Read <a href="https://a.example.org" target="_blank">this</a>, ' +
    '<a href="https://b.example.org" target="_top" rel="opener">that</a> and ' +
    '<a href="javascript:alert(1)">more</a></p><script>alert(1)</script><img src=x onerror=alert(1)>' +
    '<iframe src="https://evil.example.org"></iframe>';
  const clean =
    '<p>Read <a href="https://a.example.org" target="_blank" rel="noopener noreferrer">this</a>, ' +
    '<a href="https://b.example.org">that</a> and <a>more</a></p>';

  it("sanitises an action item's description from the integration API", async () => {
    const response = await write('action-items', [
      { recordId: 'ai-html', tutorRecordId: MAYA_RECORD_ID, title: 'Read', description: dirty },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [item] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.externalRecordId, 'ai-html'));
    expect(item?.description).toBe(clean);
  });

  it('keeps a new tab only with rel="noopener noreferrer" in announcements', async () => {
    const response = await write('portal-announcements', [
      { recordId: 'pa-html', subject: 'Links', message: dirty },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [announcement] = await server.db
      .select()
      .from(portalAnnouncements)
      .where(eq(portalAnnouncements.externalRecordId, 'pa-html'));
    expect(announcement?.message).toBe(clean);
  });

  it("sanitises an action item's description from the CSV import", async () => {
    const header = importHeader(contract, 'action-items');
    const values: Record<string, string> = {
      recordId: 'ai-csv-html',
      tutorRecordId: MAYA_RECORD_ID,
      title: 'Read',
      description: dirty,
    };
    const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
    const text = `${header.join(',')}\n${header.map((name) => quoted(values[name] ?? '')).join(',')}\n`;
    const report = await importCsv(server.db, contract, {
      kind: 'action-items',
      text,
      dryRun: false,
      now: NOW,
    });
    expect(report.status, JSON.stringify(report)).toBe('imported');
    const [item] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.externalRecordId, 'ai-csv-html'));
    expect(item?.description).toBe(clean);
  });
});

describe('replies and the (forwarding number, guardian phone) pair', () => {
  const student = (recordId: string, overrides: Record<string, unknown> = {}) => ({
    recordId,
    studentCode: `S-${recordId}`,
    firstName: 'Ana',
    lastName: 'Lopez',
    tutorRecordId: MAYA_RECORD_ID,
    forwardingNumber: '+15550190911',
    guardianPhone: '+15550100911',
    ...overrides,
  });

  it('refuses, row by row, an upsert that gives two students not archived the same pair', async () => {
    const taken = await write('students', [
      student('pair-1', {
        forwardingNumber: SOFIA.forwardingNumber,
        guardianPhone: SOFIA.guardianPhone,
      }),
    ]);
    const error = expectError(taken, 400, 'INVALID_ARGUMENT');
    expect(error.details).toEqual({
      rows: [
        {
          recordId: 'pair-1',
          status: 'error',
          errors: [
            {
              path: 'guardianPhone',
              message:
                'with this forwardingNumber, belongs to another student (one without a record id)',
            },
          ],
        },
      ],
    });
    const twice = await write('students', [student('pair-2'), student('pair-3')]);
    expect(expectError(twice, 400, 'INVALID_ARGUMENT').details).toEqual({
      rows: [
        { recordId: 'pair-2', status: 'valid' },
        {
          recordId: 'pair-3',
          status: 'error',
          errors: [{ path: 'guardianPhone', message: "the same as row 0's" }],
        },
      ],
    });
    // Another guardian on the same forwarding number is fine.
    const fine = await write('students', [
      student('pair-2'),
      student('pair-3', { guardianPhone: '+15550100912' }),
    ]);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('the database holds the pair unique among students not archived (migration 0018)', async () => {
    const [sofia] = await server.db
      .select()
      .from(students)
      .where(eq(students.studentCode, SOFIA.code));
    if (!sofia) throw new Error('no Sofia');
    const copy = {
      firstName: 'Copy',
      lastName: 'Of Sofia',
      forwardingNumber: SOFIA.forwardingNumber,
      guardianPhone: SOFIA.guardianPhone,
    };
    await expect(
      server.db.insert(students).values({ ...copy, studentCode: 'STU-COPY-1' }),
    ).rejects.toThrow();
    await server.db
      .insert(students)
      .values({ ...copy, studentCode: 'STU-COPY-2', archivedAt: NOW });
  });

  it('matches a reply to the student not archived, never to an archived one with the pair', async () => {
    // Sofia leaves; a new student of Maya's takes her forwarding number and guardian.
    await server.db
      .update(students)
      .set({ archivedAt: NOW })
      .where(eq(students.studentCode, SOFIA.code));
    const [sofia] = await server.db
      .select()
      .from(students)
      .where(eq(students.studentCode, SOFIA.code));
    const [successor] = await server.db
      .insert(students)
      .values({
        tutorId: sofia?.tutorId,
        studentCode: 'STU-SUCCESSOR',
        firstName: 'Lucia',
        lastName: 'Successor',
        forwardingNumber: SOFIA.forwardingNumber,
        guardianPhone: SOFIA.guardianPhone,
      })
      .returning();
    const params = {
      MessageSid: 'SMpair0001',
      AccountSid: TWILIO.accountSid,
      From: SOFIA.guardianPhone,
      To: SOFIA.forwardingNumber,
      Body: 'Hola',
      NumMedia: '0',
    };
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/sms',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(
          TWILIO.authToken,
          TWILIO.webhookUrl,
          Object.entries(params),
        ),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'SMpair0001'));
    expect(stored?.studentId).toBe(successor?.id);
  });
});

describe('applicant codes', () => {
  it("are 'APP-' and 128 random bits in base32", () => {
    const codes = Array.from({ length: 2000 }, () => newApplicantCode());
    for (const code of codes) expect(code).toMatch(/^APP-[A-Z2-7]{26}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // Every one of the 26 places takes many values: nothing fixed, nothing counted up.
    for (let place = 4; place < 30; place += 1) {
      expect(new Set(codes.map((code) => code[place])).size).toBeGreaterThan(place === 29 ? 3 : 20);
    }
  });
});

describe("Twilio's signature, with and without the port", () => {
  it('tries the URL as configured, without its port and with the default port', () => {
    expect(twilioUrlForms('https://portal.example.org/api/webhooks/twilio/sms?x=1')).toEqual([
      'https://portal.example.org/api/webhooks/twilio/sms?x=1',
      'https://portal.example.org:443/api/webhooks/twilio/sms?x=1',
    ]);
    expect(twilioUrlForms('https://portal.example.org:443/sms')).toEqual([
      'https://portal.example.org:443/sms',
      'https://portal.example.org/sms',
    ]);
    expect(twilioUrlForms('http://portal.example.org:8080/sms')).toEqual([
      'http://portal.example.org:8080/sms',
      'http://portal.example.org/sms',
    ]);
  });

  it('accepts an inbound text Twilio signed with the port, refuses one signed with another', async () => {
    const params = {
      MessageSid: 'SMport0001',
      AccountSid: TWILIO.accountSid,
      From: '+15550109999',
      To: '+15550190022',
      Body: 'hi',
      NumMedia: '0',
    };
    const send = (url: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/webhooks/twilio/sms',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(TWILIO.authToken, url, Object.entries(params)),
        },
        payload: new URLSearchParams(params).toString(),
      });
    expect((await send('https://portal.example.org:443/api/webhooks/twilio/sms')).statusCode).toBe(
      200,
    );
    expect((await send('https://portal.example.org/api/webhooks/twilio/sms')).statusCode).toBe(200);
    expectError(
      await send('https://portal.example.org:8443/api/webhooks/twilio/sms'),
      401,
      'UNAUTHENTICATED',
    );
  });
});
