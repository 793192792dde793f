import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { packetNumberFrom } from '../vault-view';
import styles from './vault.module.css';

/** The browser's own barcode reader (Chrome on Android, ChromeOS, macOS); not in TypeScript's DOM types yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** What stops a running scan: the camera is released. */
type StopScan = () => void;

/** The browser's reader when it can read QR codes, else null. */
async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code')
      ? new Detector({ formats: ['qr_code'] })
      : null;
  } catch {
    return null;
  }
}

const CAMERA: MediaStreamConstraints = { video: { facingMode: 'environment' }, audio: false };
/** The same label held in front of the camera is read many times a second: one scan per label per pause. */
const SAME_LABEL_PAUSE_MS = 3_000;

/**
 * Reads packet labels' QR codes with the device camera: with the browser's BarcodeDetector
 * where it has one, otherwise with ZXing (`@zxing/browser`, loaded only when a scan starts).
 * Each packet number read goes to `onPacket`; numbers can always be typed instead.
 */
export function CameraScanner({
  onPacket,
  disabled,
}: {
  onPacket: (packetNumber: string) => void;
  disabled?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<StopScan | null>(null);
  const last = useRef<{ number: string; at: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onPacketRef = useRef(onPacket);
  useEffect(() => {
    onPacketRef.current = onPacket;
  }, [onPacket]);

  const hasCamera = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  const read = (text: string) => {
    const number = packetNumberFrom(text);
    if (!number) return;
    const now = performance.now();
    if (last.current && last.current.number === number && now - last.current.at < SAME_LABEL_PAUSE_MS) return;
    last.current = { number, at: now };
    onPacketRef.current(number);
  };

  const end = () => {
    stop.current?.();
    stop.current = null;
    setRunning(false);
  };
  // The camera is released when the page goes.
  useEffect(() => () => stop.current?.(), []);

  const start = async () => {
    const element = video.current;
    if (!element) return;
    setProblem(null);
    setStarting(true);
    try {
      const detector = await nativeDetector();
      if (detector) {
        const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
        element.srcObject = stream;
        await element.play();
        let timer: number | undefined;
        const tick = async () => {
          try {
            for (const code of await detector.detect(element)) read(code.rawValue);
          } catch {
            // A frame that could not be read: try the next one.
          }
          timer = window.setTimeout(() => void tick(), 250);
        };
        void tick();
        stop.current = () => {
          window.clearTimeout(timer);
          for (const track of stream.getTracks()) track.stop();
          element.srcObject = null;
        };
      } else {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(CAMERA, element, (result) => {
          if (result) read(result.getText());
        });
        stop.current = () => controls.stop();
      }
      setRunning(true);
    } catch (error) {
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setProblem(
        denied
          ? 'The camera was not allowed. Allow it in the browser, or type the packet numbers.'
          : 'No camera could be opened here. Type the packet numbers instead.',
      );
      end();
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className={styles.camera}>
      <div className={styles.buttons}>
        {running ? (
          <Button variant="secondary" onClick={end}>
            Stop camera
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={starting}
            disabled={disabled || !hasCamera}
            onClick={() => void start()}
          >
            Scan with camera
          </Button>
        )}
      </div>
      {!hasCamera && (
        <p className={styles.hint}>This browser offers no camera here: type the packet numbers.</p>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}
      {/* The preview; hidden until the camera runs. */}
      <video
        ref={video}
        className={styles.video}
        hidden={!running}
        muted
        playsInline
        aria-label="Camera preview: hold a packet label's QR code in view"
      />
    </div>
  );
}
