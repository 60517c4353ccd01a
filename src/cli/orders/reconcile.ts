export const verbs = [];
