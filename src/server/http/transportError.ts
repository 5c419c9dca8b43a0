import { ApiError } from '../../contract/codes.js';

/** Transport failures carry an HTTP status besides the result code; business errors are 200. */
export class TransportError extends ApiError {
  constructor(
    readonly status: number,
    code: ConstructorParameters<typeof ApiError>[0],
  ) {
    super(code);
  }
}
