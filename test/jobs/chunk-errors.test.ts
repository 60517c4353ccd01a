// Which send errors refuse a chunk's items and which stop the job (cli-spec 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiError,
  AuthError,
  ConflictError,
  GoneError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../../src/api/errors.js';
import { classifyChunkError } from '../../src/jobs/chunk-errors.js';

test('refusals about the chunk content fail its items and let the job go on', () => {
  for (const err of [
    new ValidationError({ status: 400, message: 'x' }),
    new NotFoundError({ status: 404, message: 'x' }),
    new GoneError({ status: 410, code: 'LISTING_TAKEN_DOWN', message: 'x' }),
    new ConflictError({ status: 409, code: 'OFFLINE_PAUSED', message: 'x' }),
    new ApiError({ status: 418, message: 'x' }),
  ])
    assert.equal(classifyChunkError(err), 'refused', err.name);
});

test('errors that make further chunks pointless stop the job', () => {
  for (const err of [
    new AuthError({ status: 401, message: 'x' }),
    new PermissionError({ status: 403, message: 'x' }),
    new RateLimitError({ status: 429, message: 'x' }),
    new NetworkError({ message: 'x' }),
    new ServerError({ status: 503, message: 'x' }),
    new ConflictError({ status: 409, code: 'IDEMPOTENCY_IN_FLIGHT', retryable: true, message: 'x' }),
    new ValidationError({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: 'x' }),
    new ApiError({ status: 429, code: 'DAILY_CREATION_LIMIT', message: 'x' }),
    new TypeError('a bug in the caller'),
  ])
    assert.equal(classifyChunkError(err), 'fatal', String(err));
});
