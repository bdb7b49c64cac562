import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearMessageDrafts,
  messageDraftKey,
  readMessageDraft,
  saveMessageDraft,
} from './messageDrafts';

describe('message drafts (issue 39)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    // Now, not before the next test (vitest's unstubGlobals): the file's last test stubs storage,
    // and the clean-up after the file (isolateTestFiles.ts) clears the real one.
    vi.unstubAllGlobals();
  });

  it('keeps a draft per user and per student', () => {
    saveMessageDraft('uid-maya', 'stu-ana', 'For Ana');
    saveMessageDraft('uid-maya', 'stu-mia', 'For Mia');
    expect(readMessageDraft('uid-maya', 'stu-ana')).toBe('For Ana');
    expect(readMessageDraft('uid-maya', 'stu-mia')).toBe('For Mia');
    expect(readMessageDraft('uid-jordan', 'stu-ana')).toBe('');
  });

  it('keys cannot run into each other, whatever the ids hold', () => {
    expect(messageDraftKey('a:b', 'c')).not.toBe(messageDraftKey('a', 'b:c'));
  });

  it('removes a draft of nothing but whitespace', () => {
    saveMessageDraft('uid-maya', 'stu-ana', 'Text');
    saveMessageDraft('uid-maya', 'stu-ana', ' \n ');
    expect(localStorage.getItem(messageDraftKey('uid-maya', 'stu-ana'))).toBeNull();
  });

  it('clears every draft and nothing else', () => {
    localStorage.setItem('idToken', 'token');
    saveMessageDraft('uid-maya', 'stu-ana', 'One');
    saveMessageDraft('uid-jordan', 'stu-liam', 'Two');
    clearMessageDrafts();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('idToken')).toBe('token');
  });

  it('keeps nothing, and throws nothing, when the storage refuses', () => {
    // A storage of its own (unstubbed after the test): a spy on happy-dom's localStorage would
    // become one of its items and outlive the test in the next file of this worker.
    const full: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    vi.stubGlobal('localStorage', full);
    expect(() => saveMessageDraft('uid-maya', 'stu-ana', 'Text')).not.toThrow();
    expect(readMessageDraft('uid-maya', 'stu-ana')).toBe('');
  });
});
