import { useLayoutEffect, useRef } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Preferences, UpdateUserBody } from '@cuadre/contracts';
import { currentUserQuery, updateCurrentUser } from '@/lib/queries';
import { usePreferences } from '@/lib/preferences';

/** PATCH api/common/user with some of the user's fields; the answer replaces the cached user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UpdateUserBody['user']) => updateCurrentUser(user),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

/**
 * A preference chosen in the top bar: on screen at once, and saved on the server so the next device
 * and the next sign-in show it too. A failed save leaves the choice on this device and reports why.
 */
export function useSavePreferences() {
  const { applyPreferences } = usePreferences();
  const update = useUpdateUser();
  return {
    save(prefs: Partial<Preferences>) {
      applyPreferences(prefs);
      update.mutate({ preferences: prefs });
    },
    error: update.error,
    reset: update.reset,
  };
}

/**
 * Kept across remounts of the layout (the admin and owner route groups each mount it): the server's
 * preferences are applied when they differ from the ones last applied, not on every refetch of the
 * user, so a refetch that lands while a change is being saved never undoes that change on screen.
 */
let lastApplied: string | undefined;

/** Applies the signed-in user's server-kept preferences when they load or change. */
export function useServerPreferences() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { applyPreferences } = usePreferences();
  const key = `${user.id}:${JSON.stringify(user.preferences)}`;
  const preferences = useRef(user.preferences);
  preferences.current = user.preferences;
  // Before paint, so a layout or scheme kept on the server never flashes the device's one first.
  useLayoutEffect(() => {
    if (lastApplied === key) return;
    lastApplied = key;
    applyPreferences(preferences.current);
  }, [key, applyPreferences]);
}

/** For tests: forget what was applied, as a fresh page load would. */
export const resetServerPreferencesMemory = () => {
  lastApplied = undefined;
};
