/**
 * The pages of the web app that notifications, pushes and mails point to
 * (SPEC.md §2 "Routes", and the pages beyond it in src/web/app/routes.tsx); paths only, the mail adds the public origin.
 */
export const pages = {
  /** Manage Food of one listing: its requests, for the donor. */
  manageFood: (foodId: string) => `/manage-food/${foodId}`,
  /** My Food Request: the requester's own requests. */
  myFoodRequests: () => '/my-food-request',
  /** The conversation of one request. */
  conversation: (requestId: string) => `/requests/${requestId}`,
  /** Available Foods: the public list. */
  availableFoods: () => '/available-foods',
  /** The email settings. */
  notificationSettings: () => '/settings/notifications',
};
