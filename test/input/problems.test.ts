// cli-spec 3: every problem as FILE:LINE: message, at most 50 shown, then a count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatProblems, ProblemList } from '../../src/input/problems.js';

test('problems read FILE:LINE: message', () => {
  const list = new ProblemList('prices.csv');
  list.add(7, 'missing id');
  assert.deepEqual(list.messages, ['prices.csv:7: missing id']);
});

test('only the first 50 problems are kept, the rest are counted', () => {
  const list = new ProblemList('F');
  for (let line = 1; line <= 1000; line++) list.add(line, 'bad');
  assert.equal(list.count, 1000);
  assert.equal(list.messages.length, 50);
  assert.equal(list.messages[49], 'F:50: bad');
});

test('a problem reported late for an early line takes its place among the 50', () => {
  const list = new ProblemList('F');
  for (let line = 10; line < 70; line++) list.add(line, 'bad');
  list.add(3, 'late');
  assert.equal(list.messages[0], 'F:3: late');
  assert.equal(list.messages.length, 50);
  assert.equal(list.count, 61);
});

test('problems of one line keep the order they were found in', () => {
  const list = new ProblemList('F');
  list.add(2, 'first');
  list.add(1, 'zero');
  list.add(2, 'second');
  assert.deepEqual(list.messages, ['F:1: zero', 'F:2: first', 'F:2: second']);
});

test('formatProblems prints the first 50 then "… and N more problems"', () => {
  const list = new ProblemList('F');
  for (let line = 1; line <= 53; line++) list.add(line, 'bad');
  const text = formatProblems(list.messages, list.count);
  const lines = text.split('\n');
  assert.equal(lines.length, 51);
  assert.equal(lines[50], '… and 3 more problems');
  assert.equal(formatProblems(['F:1: a'], 1), 'F:1: a');
  assert.equal(formatProblems(['F:1: a'], 2), 'F:1: a\n… and 1 more problem');
});
