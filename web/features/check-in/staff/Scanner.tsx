import '@mantine/core/styles/Alert.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { AlertIcon } from '../../../components/icons';

type CameraState = 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The phone's back camera, read a few times a second for QR codes. The same code seen again
 * within three seconds is ignored, so a ticket held in view is scanned once.
 */
export function Scanner({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [torch, setTorch] = useState(false);
  const [torchMissing, setTorchMissing] = useState(false);
  const last = useRef<{ code: string; at: number } | null>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const tick = () => {
      const element = video.current;
      if (!stopped && element && context && element.readyState >= 2 && !pausedRef.current) {
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        context.drawImage(element, 0, 0);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
        const now = Date.now();
        if (found?.data && !(last.current?.code === found.data && now - last.current.at < 3000)) {
          last.current = { code: found.data, at: now };
          onCodeRef.current(found.data);
        }
      }
      if (!stopped) timer = window.setTimeout(tick, 200);
    };
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped) {
          for (const t of media.getTracks()) t.stop();
          return;
        }
        stream = media;
        const [first] = media.getVideoTracks();
        setTrack(first ?? null);
        if (video.current) {
          video.current.srcObject = media;
          await video.current.play().catch(() => undefined);
        }
        setState('on');
        tick();
      })
      .catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  const toggleTorch = () => {
    const capabilities = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
    if (!track || !capabilities.torch) {
      setTorchMissing(true);
      return;
    }
    const next = !torch;
    track
      .applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] })
      .then(() => setTorch(next))
      .catch(() => setTorchMissing(true));
  };

  if (state === 'denied' || state === 'unavailable') {
    return (
      <Alert
        color="orange"
        icon={<AlertIcon />}
        title={state === 'denied' ? t`Camera permission denied` : t`No camera`}
        // The light alert's orange title is below 4.5:1; in the text's colour it is read in the sun.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {state === 'denied' ? (
          <Trans>
            Allow the camera for this page in the browser's settings to scan tickets. Search by name below
            meanwhile.
          </Trans>
        ) : (
          <Trans>This device has no camera Tessera can use. Search by name below.</Trans>
        )}
      </Alert>
    );
  }
  return (
    <Box>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={t`Camera view for scanning tickets`}
        w="100%"
        mah={360}
        bg="black"
        style={{ borderRadius: 12, objectFit: 'cover', display: 'block' }}
      />
      <Group justify="space-between" mt="xs">
        <Text size="sm" c="gray.7" role="status">
          {state === 'on' ? t`Point the camera at a ticket's QR code.` : t`Starting the camera…`}
        </Text>
        <Button size="xs" variant="default" onClick={toggleTorch} aria-pressed={torch}>
          {torch ? <Trans>Light off</Trans> : <Trans>Light on</Trans>}
        </Button>
      </Group>
      {torchMissing ? (
        <Text size="sm" c="orange.9" mt={4}>
          <Trans>Flash not available on this camera.</Trans>
        </Text>
      ) : null}
    </Box>
  );
}
