import { urlFromEnv } from './readEnv';

const env = import.meta.env;

/** A third-party tool the portal relies on (§1), shown on /credits. */
export interface CreditedTool {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly href: string;
}

/** The three supporting tools of §1: the form, scheduling and video services the portal embeds. */
export const creditedTools: readonly [CreditedTool, CreditedTool, CreditedTool] = [
  {
    id: 'forms',
    title: 'Form Builder',
    description: 'Powers our applications, the volunteer waiver and the weekly session form.',
    href: urlFromEnv(
      'VITE_CREDIT_FORMS_URL',
      env.VITE_CREDIT_FORMS_URL,
      'https://forms.example.com/',
    ),
  },
  {
    id: 'scheduling',
    title: 'Scheduling Service',
    description: 'Lets tutors book live trainings and onboarding chats at times that suit them.',
    href: urlFromEnv(
      'VITE_CREDIT_SCHEDULING_URL',
      env.VITE_CREDIT_SCHEDULING_URL,
      'https://scheduling.example.com/',
    ),
  },
  {
    id: 'video',
    title: 'Video Platform',
    description: 'Hosts the recorded Tutoring 101 training and other learning videos.',
    href: urlFromEnv(
      'VITE_CREDIT_VIDEO_URL',
      env.VITE_CREDIT_VIDEO_URL,
      'https://video.example.com/',
    ),
  },
];
