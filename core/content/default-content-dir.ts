/** The content folder when CONTENT_DIR names none: the sample business, beside the project root. */
export const DEFAULT_CONTENT_DIR = 'content';
