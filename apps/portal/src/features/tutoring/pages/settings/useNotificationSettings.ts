import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthState } from '../../../../auth/useAuthState';
import { ApiError } from '../../../../lib/apiError';
import { useApiClient } from '../../../../lib/services/portalServices';
import type { NotificationSettings, NotificationSettingsUpdate } from './settingsForm';

/** The cache key of the signed-in tutor's notification settings (another account has its own). */
export function notificationSettingsQueryKey(uid: string | undefined) {
  return ['tutor', uid, 'notification-settings'] as const;
}

function useUid() {
  const auth = useAuthState();
  return auth.status === 'google' ? auth.user.uid : undefined;
}

/** GET /tutor/notification-settings (issue 35). */
export function useNotificationSettingsQuery() {
  const auth = useAuthState();
  const apiClient = useApiClient();
  return useQuery({
    queryKey: notificationSettingsQueryKey(useUid()),
    enabled: auth.status === 'google' && auth.idToken.length > 0,
    queryFn: async ({ signal }): Promise<NotificationSettings> => {
      const { data, error, response } = await apiClient.GET('/tutor/notification-settings', {
        signal,
      });
      if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
      return data;
    },
  });
}

/**
 * Each call that changes the settings answers them as stored: the cache takes that answer, so
 * the page shows what the server keeps (a verified phone, the saved channel) at once.
 */
function useSettingsMutation<Variables>(
  call: (variables: Variables) => Promise<NotificationSettings>,
) {
  const queryClient = useQueryClient();
  const queryKey = notificationSettingsQueryKey(useUid());
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
  });
}

/** PUT /tutor/notification-settings: the channel, the quiet hours and the time zone. */
export function useSaveNotificationSettings() {
  const apiClient = useApiClient();
  return useSettingsMutation(async (update: NotificationSettingsUpdate) => {
    const { data, error, response } = await apiClient.PUT('/tutor/notification-settings', {
      body: update,
    });
    if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
    return data;
  });
}

/** POST /tutor/notification-settings/phone: a code texted to the phone (E.164), or a new one. */
export function useStartPhoneVerification() {
  const apiClient = useApiClient();
  return useSettingsMutation(async (phone: string) => {
    const { data, error, response } = await apiClient.POST('/tutor/notification-settings/phone', {
      body: { phone },
    });
    if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
    return data;
  });
}

/** POST /tutor/notification-settings/phone/verify: the six digits of the latest code. */
export function useVerifyPhone() {
  const apiClient = useApiClient();
  return useSettingsMutation(async (code: string) => {
    const { data, error, response } = await apiClient.POST(
      '/tutor/notification-settings/phone/verify',
      { body: { code } },
    );
    if (error !== undefined || data === undefined) throw ApiError.fromResponse(response, error);
    return data;
  });
}
