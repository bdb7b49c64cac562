import type { UpdatesModalAnnouncement } from './UpdatesModal';

/** Story data shaped like the api's PortalAnnouncement. */
export const announcements: UpdatesModalAnnouncement[] = [
  {
    id: 'ann-1',
    subject: 'Office hours move to Thursdays',
    message:
      '<p>From next week, office hours run on <strong>Thursday evenings</strong>, 6-7 pm.</p>',
    createdAt: '2025-03-03T15:00:00Z',
  },
  {
    id: 'ann-2',
    subject: 'Spring post-assessments are open',
    message:
      '<p>Please give your student the spring post-assessment before <em>April 15</em>.</p><ul><li>It takes at least 30 minutes.</li><li>Use the link on the learning pathway page.</li></ul>',
    createdAt: '2025-03-12T15:00:00Z',
  },
  {
    id: 'ann-3',
    subject: 'Welcome to the new portal',
    message:
      '<p>Read the <a href="https://example.org/handbook" target="_blank">tutor handbook</a> for a tour.</p>',
    createdAt: '2025-02-20T15:00:00Z',
  },
];
