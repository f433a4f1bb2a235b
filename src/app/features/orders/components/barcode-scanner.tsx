import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import { Icon } from '#app/ui/icon'

import { loadFrameReader } from '../barcode-reader'

const frame = css({
  position: 'relative',
  w: 'full',
  maxW: '28rem',
  mx: 'auto',
  aspectRatio: '4 / 3',
  borderRadius: 'control',
  overflow: 'hidden',
  bg: 'gray.900',
})
const video = css({ w: 'full', h: 'full', objectFit: 'cover' })
// Where to hold the code: a line across the middle, as on a handheld scanner.
const guide = css({
  position: 'absolute',
  left: '8%',
  right: '8%',
  top: '50%',
  h: '2px',
  bg: 'red.500',
  opacity: 0.8,
  pointerEvents: 'none',
})
const status = css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' })
const failure = css({ display: 'flex', gap: '1.5', alignItems: 'flex-start', textStyle: 'body.sm', color: 'danger.fg' })

/** How often a frame is read: fast enough to feel instant, slow enough to leave a phone's CPU to the page. */
const READ_EVERY_MS = 200
/**
 * A code in view is one item: it is read again only after it has been out of view this long. A cashier scanning
 * two of the same thing takes it away and back; a camera left on a label adds it once.
 */
const SAME_CODE_GAP_MS = 1500

type State = { step: 'starting' } | { step: 'scanning' } | { step: 'failed'; message: string }

function cameraFailure(error: unknown): string {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was refused. Allow the camera for this site in your browser’s settings, or type the code.'
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Type the code instead.'
  if (error instanceof TypeError && !navigator.onLine) return 'Connect to the internet to start the scanner the first time.'
  return 'The camera could not start. Type the code instead.'
}

/**
 * The camera, reading barcodes until stopped: each code newly in view goes to `onCode` once. The camera and the
 * decoder start when this mounts and stop when it unmounts.
 */
export function BarcodeScanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<State>({ step: 'starting' })
  // The latest callback without restarting the camera when the parent re-renders.
  const report = useRef(onCode)
  useEffect(() => {
    report.current = onCode
  })

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const last = { code: '', seenAt: 0 }

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError')
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
          loadFrameReader(),
        ])
        stream = media
        // Stopped while the camera was asked for: the cleanup has run, so the camera is let go here.
        if (stopped) return media.getTracks().forEach((track) => track.stop())
        const element = videoRef.current!
        element.srcObject = media
        await element.play().catch(() => undefined)
        setState({ step: 'scanning' })
        const tick = async () => {
          if (stopped) return
          const code = await reader.read(element)
          const now = performance.now()
          if (code && !stopped) {
            if (code !== last.code || now - last.seenAt > SAME_CODE_GAP_MS) report.current(code)
            Object.assign(last, { code, seenAt: now })
          }
          timer = setTimeout(() => void tick(), READ_EVERY_MS)
        }
        void tick()
      } catch (error) {
        if (!stopped) setState({ step: 'failed', message: cameraFailure(error) })
      }
    }

    void start()
    return () => {
      stopped = true
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])

  return (
    <div className={stack({ gap: '2' })}>
      {state.step === 'failed' ? (
        <p className={failure} role="alert">
          <Icon name="alert-circle" size={16} />
          {state.message}
        </p>
      ) : (
        <>
          <div className={frame}>
            <video ref={videoRef} className={video} muted playsInline aria-label="Camera" />
            <span className={guide} aria-hidden />
          </div>
          <p className={status} aria-live="polite">
            {state.step === 'starting' ? 'Starting the camera…' : 'Point the camera at a barcode. Each code scanned adds one.'}
          </p>
        </>
      )}
      <Button variant="outline" onClick={onStop}>
        Stop scanning
      </Button>
    </div>
  )
}
