/** Limits of the technician's visit record, on the server and on the technician's screen. No imports. */

/** A phone's full-size photo is 3-8 MB; the cap leaves room for a large one and none for a video. */
export const VISIT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Enough for the type plate, before and after of a few parts; a visit is not an album. */
export const VISIT_PHOTOS_MAX = 30;
/** The longest side of a stored photo (pixels): sharp enough to read a type plate, small on a phone's plan. */
export const VISIT_PHOTO_LONGEST_SIDE = 1600;
/** The longest side of a thumbnail in a list. */
export const VISIT_THUMBNAIL_LONGEST_SIDE = 320;
/** A signature is a few strokes on a screen: small. */
export const VISIT_SIGNATURE_MAX_BYTES = 1024 * 1024;

/** The appliance's brand, model and serial number each. */
export const APPLIANCE_TEXT_MAX_LENGTH = 100;
/** A part's name. */
export const PART_NAME_MAX_LENGTH = 200;
/** A part's article number. */
export const PART_ARTICLE_NUMBER_MAX_LENGTH = 100;
/** The largest quantity of one part on one visit. */
export const PART_QUANTITY_MAX = 999;
/** Lines in each list of parts (used, needed). */
export const VISIT_PARTS_MAX = 30;
/** The note for the office and the note for the consumer, each, counted as people count characters. */
export const VISIT_RECORD_NOTE_MAX_LENGTH = 2000;
/** A client id is a UUID (36 characters). */
export const VISIT_CLIENT_ID_MAX_LENGTH = 100;

/**
 * Days after the visit day that the work report opens from the personal link (`/v/<token>/werkbon`); after them the
 * page says the report is no longer available (docs/decisions/technician.md, Visit records).
 */
export const VISIT_REPORT_DAYS = 30;
