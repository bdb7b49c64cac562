// The tutor's notification settings (channel, phone verified by a texted code, quiet hours, time
// zone) and, in a plugin of its own (form bodies, page headers), the e-mails' one-click
// unsubscribe that needs no sign-in.
import type { components } from '@tutoring/api/schema';
import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { currentTutor } from '../tutors/access.ts';
import {
  findSettings,
  type NotificationPolicy,
  settingsResponse,
  startPhoneVerification,
  updateSettings,
  verifyPhone,
} from './settings.ts';
import { registerUnsubscribeRoutes } from './unsubscribe.ts';

type NotificationSettingsUpdate = components['schemas']['NotificationSettingsUpdate'];
type NotificationPhoneRequest = components['schemas']['NotificationPhoneRequest'];
type NotificationPhoneVerification = components['schemas']['NotificationPhoneVerification'];

/** What the organisation decides for every tutor's notifications, from the configuration. */
export function notificationPolicyOf(config: RouteContext['config']): NotificationPolicy {
  return { ...config.notifications, timeZone: config.orgTimeZone };
}

export async function registerNotificationRoutes(
  scope: FastifyInstance,
  context: RouteContext,
): Promise<void> {
  const { db } = context;
  const policy = notificationPolicyOf(context.config);

  registerOperation(scope, context, {
    operationId: 'getTutorNotificationSettings',
    access: 'tutor',
    handler: async (request) => {
      const tutor = await currentTutor(db, request);
      return settingsResponse(tutor, await findSettings(db, tutor.id), policy, context.now());
    },
  });

  registerOperation(scope, context, {
    operationId: 'updateTutorNotificationSettings',
    access: 'tutor',
    handler: async (request) => {
      const tutor = await currentTutor(db, request);
      const update = request.body as NotificationSettingsUpdate;
      return updateSettings(db, tutor, update, policy, context.now());
    },
  });

  registerOperation(scope, context, {
    operationId: 'startTutorNotificationPhoneVerification',
    access: 'tutor',
    handler: async (request, reply) => {
      const tutor = await currentTutor(db, request);
      const { phone } = request.body as NotificationPhoneRequest;
      const services = { db, sms: context.sms, policy, now: context.now() };
      const settings = await startPhoneVerification(services, tutor, phone);
      return reply.code(202).send(settings);
    },
  });

  registerOperation(scope, context, {
    operationId: 'verifyTutorNotificationPhone',
    access: 'tutor',
    handler: async (request) => {
      const tutor = await currentTutor(db, request);
      const { code } = request.body as NotificationPhoneVerification;
      return verifyPhone(db, tutor, code, policy, context.now());
    },
  });

  await scope.register(async (unsubscribe) => registerUnsubscribeRoutes(unsubscribe, context));
}
