/**
 * A 400 for the page size asked (a service with a smaller largest page than the 100 the tool asks
 * by default) names the setting that asks less: `service.pageSizes.list` for the product list,
 * `service.pageSizes.<directory>` for a directory (issue 37 item 9).
 */
import { ApiError } from '../core/errors.js';

const PAGE_SIZE_WORDS = /page.?size|per.?page|limit|size/i;

/** `error` with the setting named when it is a 400 about the page size; any other error as it is. */
export function explainPageSizeRefusal(error: unknown, setting: string, asked: number): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const aboutSize = error.fieldErrors.some((entry) => PAGE_SIZE_WORDS.test(entry.field)) || /page.?size|per.?page/i.test(error.message);
  if (!aboutSize) return error;
  return new ApiError('API_ERROR', error.endpoint, `${error.message} — the page size asked was ${asked}: set a size the service accepts in ${setting} in the settings file (see docs/service-profile.md)`, {
    status: error.status,
    errorCode: error.errorCode,
    fieldErrors: error.fieldErrors,
    cause: error,
  });
}
