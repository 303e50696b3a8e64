/** Query keys of notifications, email and push preferences (STYLE.md "Queries have keys in one place"). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  pushPreferences: () => [...notificationKeys.all, 'push-preferences'] as const,
};
