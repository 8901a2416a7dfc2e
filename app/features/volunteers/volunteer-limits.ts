/** Field lengths the volunteer form and its server check share (no zod here: the page imports it). */
export const AVAILABILITY_MAX = 500;
export const MESSAGE_MAX = 2000;
