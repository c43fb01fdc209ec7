import { ApiProperty } from '@nestjs/swagger';
import type { SampleKind } from './sample-media';

/** One bundled sample file (src/media/sample-media.ts). */
export class SampleRecordResponse {
  @ApiProperty({ example: 'testcard-640x360.mp4' })
  name!: string;

  @ApiProperty({
    description: 'Where the service serves it (GET, no API key). Used verbatim as a media_url, the worker reads the file from disk instead of fetching it.',
    example: 'https://localhost:8443/samples/testcard-640x360.mp4',
  })
  url!: string;

  @ApiProperty({ enum: ['video', 'image', 'audio', 'subtitle'], enumName: 'SampleKind' })
  kind!: SampleKind;

  @ApiProperty({ example: 'video/mp4' })
  content_type!: string;

  @ApiProperty({ type: 'integer', example: 115757 })
  size_bytes!: number;

  @ApiProperty({ type: 'integer', nullable: true, example: 3000, description: 'Of a video or audio file; null for images and subtitles' })
  duration_ms!: number | null;
}

/** GET /v3/samples → 200. */
export class SampleListResponse {
  @ApiProperty({ type: [SampleRecordResponse] })
  samples!: SampleRecordResponse[];
}
