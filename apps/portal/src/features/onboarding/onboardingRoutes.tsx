import type { RouteObject } from 'react-router';

/**
 * The onboarding area of §2, mounted under the magic-session guard: one layout route at
 * /onboarding (sidebar, the applicant's record) whose pages are each downloaded when first opened.
 */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    lazy: async () => {
      const { OnboardingLayout } = await import('./layout/OnboardingLayout');
      return { Component: OnboardingLayout };
    },
    children: [
      {
        index: true,
        lazy: async () => {
          const { DashboardPage } = await import('./pages/DashboardPage');
          return { Component: DashboardPage };
        },
      },
      {
        path: 'waiver',
        lazy: async () => {
          const { WaiverPage } = await import('./pages/WaiverPage');
          return { Component: WaiverPage };
        },
      },
      {
        path: 'training',
        lazy: async () => {
          const { TrainingPage } = await import('./pages/TrainingPage');
          return { Component: TrainingPage };
        },
      },
      {
        path: 'async-training',
        lazy: async () => {
          const { AsyncTrainingPage } = await import('./pages/AsyncTrainingPage');
          return { Component: AsyncTrainingPage };
        },
      },
      {
        path: 'training/knowledge-check',
        lazy: async () => {
          const { KnowledgeCheckPage } = await import('./pages/KnowledgeCheckPage');
          return { Component: () => <KnowledgeCheckPage formType="asyncknowledgecheck" /> };
        },
      },
      {
        path: 'live-training/knowledge-check',
        lazy: async () => {
          const { KnowledgeCheckPage } = await import('./pages/KnowledgeCheckPage');
          return { Component: () => <KnowledgeCheckPage formType="livetraining" /> };
        },
      },
      {
        path: 'knowledge-check-complete',
        lazy: async () => {
          const { KnowledgeCheckCompletePage } = await import('./pages/KnowledgeCheckCompletePage');
          return { Component: KnowledgeCheckCompletePage };
        },
      },
      {
        path: 'background-check',
        lazy: async () => {
          const { BackgroundCheckPage } = await import('./pages/BackgroundCheckPage');
          return { Component: BackgroundCheckPage };
        },
      },
      {
        path: 'availability',
        lazy: async () => {
          const { AvailabilityPage } = await import('./pages/AvailabilityPage');
          return { Component: AvailabilityPage };
        },
      },
      {
        path: 'chat',
        lazy: async () => {
          const { ChatPage } = await import('./pages/ChatPage');
          return { Component: ChatPage };
        },
      },
      {
        path: 'chat/schedule',
        lazy: async () => {
          const { ChatSchedulePage } = await import('./pages/ChatSchedulePage');
          return { Component: ChatSchedulePage };
        },
      },
      {
        path: 'workbook',
        lazy: async () => {
          const { WorkbookPage } = await import('./pages/WorkbookPage');
          return { Component: WorkbookPage };
        },
      },
      {
        path: 'support',
        lazy: async () => {
          const { SupportPage } = await import('./pages/SupportPage');
          return { Component: SupportPage };
        },
      },
    ],
  },
];
