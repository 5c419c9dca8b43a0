/** The window of page numbers around the current page (10 at a time, as the product pages). */
export function pageWindow(page: number, total: number, perPage: number, size = 10) {
  const last = Math.max(1, Math.ceil(total / perPage));
  const first = Math.floor((Math.min(page, last) - 1) / size) * size + 1;
  const end = Math.min(last, first + size - 1);
  return { pages: Array.from({ length: end - first + 1 }, (_, i) => first + i), prev: first > 1 ? first - 1 : null, next: end < last ? end + 1 : null, last };
}
