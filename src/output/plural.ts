// "1 request", "2 requests": counts in messages read right (issue 12).
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
