import { tutorMaya } from '@tutoring/api/mocks/fixtures';
import { describe, expect, it } from 'vitest';
import { availabilityFormLink } from './availabilityFormLink';

const fallbackForm = 'https://forms.tutoring.example.org/tutor-availability';
const tutor = { ...tutorMaya, Tutor_ID: 'TUT-1042', Record_ID: 'rec42' };

describe('availabilityFormLink (§5)', () => {
  it("uses the tutor's own form, with the tutor's ID as tutorID after ? or &", () => {
    expect(
      availabilityFormLink(
        { ...tutor, Availability_Form: 'https://forms.example.org/a' },
        fallbackForm,
      ),
    ).toBe('https://forms.example.org/a?tutorID=TUT-1042');
    expect(
      availabilityFormLink(
        { ...tutor, Availability_Form: 'https://forms.example.org/a?lang=en' },
        fallbackForm,
      ),
    ).toBe('https://forms.example.org/a?lang=en&tutorID=TUT-1042');
  });

  it('builds the fallback link when the own link is missing or not a valid URL', () => {
    for (const form of [null, '', 'not a url', 'javascript:alert(1)']) {
      const link = availabilityFormLink(
        {
          ...tutor,
          Availability_Form: form,
          Availability: 'Monday 16:00-18:00',
          stats: { capacity: 3 },
        },
        fallbackForm,
      );
      expect(link).not.toBeNull();
      const url = new URL(link ?? '');
      expect(`${url.origin}${url.pathname}`).toBe(fallbackForm);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        recordID: 'rec42',
        availability: 'Monday 16:00-18:00',
        type: 'tutor',
        studentCount: '3',
        name: `${tutor.First_Name} ${tutor.Last_Name}`,
        tutorID: 'TUT-1042',
      });
    }
  });

  it('counts 0 students when the capacity is missing', () => {
    const link = availabilityFormLink(
      {
        ...tutor,
        Availability_Form: null,
        stats: { capacity: undefined as unknown as number },
      },
      fallbackForm,
    );
    expect(new URL(link ?? '').searchParams.get('studentCount')).toBe('0');
  });

  it('gives no link without an own form and without a tutor ID or a first name', () => {
    expect(
      availabilityFormLink({ ...tutor, Availability_Form: null, Tutor_ID: '' }, fallbackForm),
    ).toBeNull();
    expect(
      availabilityFormLink({ ...tutor, Availability_Form: null, First_Name: ' ' }, fallbackForm),
    ).toBeNull();
  });
});
