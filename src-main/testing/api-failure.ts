/** The ApiError a promise rejects with; fails the test when it resolves or rejects with anything else. */
import { expect } from 'vitest';
import { ApiError } from '../core/api/api-error.ts';

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
