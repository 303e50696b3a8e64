/** Query keys of the request reads (STYLE.md "Queries have keys in one place"). */

/** Query keys of food requests. */
export const requestKeys = {
  all: ['requests'] as const,
  forFood: (foodId: string) => [...requestKeys.all, 'food', foodId] as const,
  mine: (email: string) => [...requestKeys.all, 'mine', email] as const,
};
