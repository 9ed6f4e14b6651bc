import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

/**
 * The cropper, loaded only after a member chooses a file (React.lazy in the photo page), so its code
 * is in none of the site's first-load JavaScript. Its stylesheet lives in member.css: the CSP allows no
 * injected <style>. It reports the square in source pixels of the upright image, which is what the
 * server crops (app/server/member/photo.server.ts).
 */
export default function PhotoCropper({
  src,
  onCrop,
  onUnreadable,
}: {
  src: string;
  onCrop: (area: Area) => void;
  /** The browser cannot show the file as an image (not a JPEG, PNG or WebP, or damaged). */
  onUnreadable: () => void;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <div className="cropper">
      <div className="cropper__stage">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          maxZoom={4}
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onCrop(pixels)}
          disableAutomaticStylesInjection
          mediaProps={{ alt: 'รูปที่เลือก', onError: onUnreadable }}
          cropperProps={{ 'aria-label': 'กรอบตัดรูป ใช้ปุ่มลูกศรเพื่อเลื่อน', role: 'group' }}
        />
      </div>
      <div className="cropper__zoom">
        <label htmlFor="photo-zoom">ขยายรูป</label>
        <input
          id="photo-zoom"
          type="range"
          min={1}
          max={4}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.currentTarget.value))}
        />
      </div>
      <p className="field__hint">ลากรูปเพื่อเลือกส่วนที่ต้องการ แล้วกด “บันทึกรูปภาพ”</p>
    </div>
  );
}
