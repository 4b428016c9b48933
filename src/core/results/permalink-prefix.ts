/** The hash prefix of a permalink, e.g. '#v1=' + payload (its own module: the page's tiny entry reads it). */
export const PERMALINK_PREFIX = '#v1=';
