import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import { newUuid } from '../../lib/upload';
import { useRecordQueue } from './RecordQueue';

/**
 * The customer's signature at the end of the visit, drawn with a finger (or a pen, or a mouse) on a canvas through
 * pointer events, saved as a PNG that waits on the phone like a photo. A signature is a drawn path by nature: it has
 * no keyboard equivalent, but the buttons around it are reachable and the canvas is named and described.
 */
export function SignaturePad({
  idPrefix,
  orderId,
  signed,
}: {
  idPrefix: string;
  orderId: number;
  /** The signature on the server (its image), one waiting on the phone, or none yet. */
  signed: { url: string } | 'waiting' | null;
}) {
  const { t } = useI18n();
  const queue = useRecordQueue();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    // Drawn at the screen's own density, so the strokes are sharp on a phone.
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, []);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = pointAt(event);
    move(event);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    const context = event.currentTarget.getContext('2d');
    if (!from || !context) return;
    const to = pointAt(event);
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x + 0.01, to.y + 0.01);
    context.stroke();
    last.current = to;
    if (!drawn) setDrawn(true);
    setProblem(null);
    setSaved(false);
  };
  const end = () => {
    last.current = null;
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setDrawn(false);
    setSaved(false);
    setProblem(null);
  };
  const save = async () => {
    const canvas = canvasRef.current;
    if (!canvas || !drawn) return setProblem(t('technician.record.signatureEmpty'));
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) return setProblem(t('common.genericError'));
    await queue.enqueue({
      kind: 'signature',
      clientId: newUuid(),
      orderId,
      madeAt: new Date().toISOString(),
      file: png,
    });
    setSaved(true);
  };

  const hintId = `${idPrefix}-signature-hint`;
  return (
    <fieldset className="visit-record-part visit-signature">
      <legend>{t('technician.record.signature')}</legend>
      {signed !== null && (
        <p className="visit-signature-done">
          {t('technician.record.signed')}
          {signed === 'waiting' ? ` (${t('technician.today.waiting')})` : ''}
        </p>
      )}
      {signed !== null && signed !== 'waiting' && (
        <img className="visit-signature-image" src={signed.url} alt={t('technician.record.signature')} />
      )}
      <p id={hintId} className="field-hint">
        {t('technician.record.signatureHint')}
      </p>
      <canvas
        ref={canvasRef}
        className="visit-signature-pad"
        role="img"
        aria-label={t('technician.record.signaturePad')}
        aria-describedby={hintId}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <Message tone="error">{problem}</Message>
      <Message tone="success">{saved ? t('technician.record.signed') : null}</Message>
      <div className="visit-signature-buttons">
        <button type="button" className="button button-secondary" onClick={clear}>
          {t('technician.record.signatureClear')}
        </button>
        <button type="button" className="button button-primary" onClick={() => void save()}>
          {t('technician.record.signatureSave')}
        </button>
      </div>
    </fieldset>
  );
}
