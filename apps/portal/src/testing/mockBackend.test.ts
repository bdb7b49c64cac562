import { isCallableError } from '@tutoring/api/callables';
import { fixtureNow, scenarios, studentAna, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from './mockBackend';
import { createTestServices } from './testServices';

afterEach(() => {
  vi.useRealTimers();
});

describe('createMockBackend', () => {
  it('answers the REST client from the shared handlers over its db, and records the request', async () => {
    const backend = createMockBackend();
    const { api } = createTestServices({ backend });
    const { data } = await api.POST('/tutor/messages', { body: { studentId: studentAna.id } });
    expect(data?.student.First_Name).toBe('Ana');
    expect(backend.requests).toEqual([
      expect.objectContaining({
        operation: 'POST /tutor/messages',
        method: 'POST',
        path: '/tutor/messages',
        body: { studentId: 'stu-ana' },
        answered: true,
        status: 200,
      }),
    ]);
  });

  it('seeds the db and applies behaviours, which a test may change between calls', async () => {
    const backend = createMockBackend({
      seed: scenarios.tutorWithNoStudents,
      behaviour: { 'GET /tutor': { fail: { status: 'UNAVAILABLE', message: 'Down.' } } },
    });
    const { api } = createTestServices({ backend });
    const failed = await api.GET('/tutor');
    expect(failed.response.status).toBe(503);
    expect(failed.error).toEqual({ error: { status: 'UNAVAILABLE', message: 'Down.' } });
    delete backend.behaviour['GET /tutor'];
    expect((await api.GET('/tutor')).data?.First_Name).toBe('Rosa');
    expect(backend.requestsTo('GET /tutor').map((request) => request.status)).toEqual([503, 200]);
  });

  it('holds an operation until it is released, under fake timers too, and leaves others alone', async () => {
    vi.useFakeTimers();
    const backend = createMockBackend();
    const { api } = createTestServices({ backend });
    backend.hold('GET /tutor');
    let tutorArrived = false;
    const tutor = api.GET('/tutor').then((result) => {
      tutorArrived = true;
      return result;
    });
    const items = await api.GET('/action-item');
    expect(items.data).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tutorArrived).toBe(false);
    expect(backend.requestsTo('GET /tutor')).toEqual([
      expect.objectContaining({ answered: false }),
    ]);

    backend.db.tutor = { ...tutorMaya, First_Name: 'Changed while held' };
    backend.release('GET /tutor');
    expect((await tutor).data?.First_Name).toBe('Changed while held');
    expect(backend.requestsTo('GET /tutor')[0]?.answered).toBe(true);
  });

  it('rejects a held request whose signal aborts, as fetch does', async () => {
    const backend = createMockBackend();
    backend.hold('GET /tutor');
    const controller = new AbortController();
    const pending = backend.fetch(backend.url('/tutor'), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets a test prepend its own handler, and turns HttpResponse.error() into a failed fetch', async () => {
    const backend = createMockBackend();
    backend.use(http.post(backend.url('/tutor/send-message'), () => HttpResponse.error()));
    await expect(
      backend.fetch(backend.url('/tutor/send-message'), {
        method: 'POST',
        body: JSON.stringify({ studentId: 'stu-ana', message: 'Hi' }),
      }),
    ).rejects.toThrow(TypeError);
    expect(backend.requests[0]).toMatchObject({ answered: true, status: 0 });
    expect(backend.db.sentMessageCount).toBe(0);
  });

  it('answers 599 for a request no handler knows', async () => {
    const backend = createMockBackend();
    const response = await backend.fetch(backend.url('/no-such-path'));
    expect(response.status).toBe(599);
  });
});

describe('the callables of the test services', () => {
  it("go through Firebase's SDK to the same handlers and db", async () => {
    const backend = createMockBackend();
    const callables = await createTestServices({ backend }).session.callables();
    await expect(
      callables.setLatestViewedAnnouncement({ id: 'wa-2026-11-16', date: '2026-11-16T15:00:00Z' }),
    ).resolves.toEqual({ id: 'wa-2026-11-16', date: '2026-11-16T15:00:00Z' });
    expect(backend.db.latestViewedAnnouncement?.id).toBe('wa-2026-11-16');
    expect(backend.requests).toEqual([
      expect.objectContaining({
        operation: 'POST /functions/setLatestViewedAnnouncement',
        body: { data: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00Z' } },
      }),
    ]);
  });

  it("reject with the SDK's FirebaseError for a behaviour's failure", async () => {
    const backend = createMockBackend({
      behaviour: {
        'POST /functions/getStudentPathway': { fail: { status: 'UNAVAILABLE', message: 'Busy.' } },
      },
    });
    const callables = await createTestServices({ backend }).session.callables();
    const error = await callables.getStudentPathway({ studentId: 'stu-ana' }).catch((e) => e);
    expect(isCallableError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toBe('Busy. [503]');
  });

  it('answer under fake timers', async () => {
    vi.useFakeTimers({ now: Date.parse(fixtureNow) });
    const callables = await createTestServices().session.callables();
    await expect(callables.getStudentPathway({ studentId: 'stu-mia' })).resolves.toBeNull();
  });
});
