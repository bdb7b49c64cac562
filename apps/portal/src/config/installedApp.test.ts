import { describe, expect, it } from 'vitest';
import { installedAppNames } from './installedApp';
import { organisation } from './organisation';

describe('installedAppNames', () => {
  it('names the installed app as the portal names the organisation, by default', () => {
    expect(installedAppNames({}).name).toBe(organisation.name);
    expect(installedAppNames({}).shortName).toBe('Tutoring');
  });

  it('takes both names from the build variables', () => {
    expect(
      installedAppNames({ VITE_ORG_NAME: ' Reading Friends ', VITE_ORG_SHORT_NAME: 'Friends' }),
    ).toEqual({ name: 'Reading Friends', shortName: 'Friends' });
  });
});
