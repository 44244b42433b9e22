import { VISIT_PHOTO_LONGEST_SIDE } from '../../../../shared/visit-records.js';

/**
 * The size a photo is drawn at before it waits on the phone: its longest side at most `longest` pixels, the
 * proportions kept, never enlarged. A phone's 12-megapixel photo (4032 × 3024) becomes 1600 × 1200, about a tenth
 * of the bytes, so a day of photos fits on the phone and goes quickly on a weak connection.
 */
export function fittedSize(
  width: number,
  height: number,
  longest = VISIT_PHOTO_LONGEST_SIDE,
): { width: number; height: number } {
  const side = Math.max(width, height);
  if (side <= longest) return { width, height };
  const scale = longest / side;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG quality of a waiting photo: no visible loss on a type plate, a third of the bytes of the camera's file. */
const PHOTO_JPEG_QUALITY = 0.8;

/**
 * The photo made smaller on the phone: decoded (turned upright as the camera held it), drawn at `fittedSize` and
 * encoded as JPEG. What cannot be decoded here is kept as it is: the server decodes every file and says when it
 * is not an image.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
