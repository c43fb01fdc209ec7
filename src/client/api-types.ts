/**
 * Generated from the service's OpenAPI document (/v3/openapi.json) by
 * `npm run generate:client` (scripts/generate-client-types.js). Do not edit:
 * test/e2e/client/client-types.e2e-spec.ts fails when this file and the served document disagree.
 */
export interface paths {
    "/v3/tasks/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 100 tasks, each admitted as if posted alone; one result per item, in order */
        post: operations["TaskBatchController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tasks, newest first */
        get: operations["TasksController_list"];
        put?: never;
        /** Create a render task */
        post: operations["TasksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one task */
        get: operations["TasksController_get"];
        put?: never;
        post?: never;
        /** Cancel a queued or processing task */
        delete: operations["TasksController_cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read back the create body a task was submitted with (credentials left out) */
        get: operations["TasksController_submittedRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a failed task with the same configuration */
        post: operations["TasksController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, newest first */
        get: operations["TemplatesController_list"];
        put?: never;
        /** Store a template: a create body with {{field}} placeholders and its typed fields */
        post: operations["TemplatesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one template with its body */
        get: operations["TemplatesController_get"];
        put?: never;
        post?: never;
        /** Delete a template (tasks made from it are not touched) */
        delete: operations["TemplatesController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/templates/{template_id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a template: its body merged with the values, created as POST /v3/tasks would */
        post: operations["TemplatesController_render"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a task's events live (Server-Sent Events)
         * @description The events the webhooks carry (same ids and JSON payloads), past ones first, then new ones as they happen; the stream ends after task.completed, task.failed or task.canceled. Comment lines keep a quiet stream alive.
         */
        get: operations["TaskEventsController_stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries of a task's events, with every attempt */
        get: operations["DeliveriesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/tasks/{task_id}/deliveries/{event_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver a failed event again (same id and body) */
        post: operations["DeliveriesController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List rendering models */
        get: operations["ModelsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usage statistics, limits and costs for a period (UTC) */
        get: operations["UsageController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/samples": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the sample media files, with URLs a task may use as media_url */
        get: operations["SamplesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/samples/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sample media file (no API key; GET and HEAD, single byte ranges, ETag) */
        get: operations["SamplesController_serve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ScaleDto: {
            /**
             * @description Horizontal factor; 1.0 is the original size
             * @example 1
             */
            x: number;
            /**
             * @description Vertical factor; 1.0 is the original size
             * @example 1
             */
            y: number;
        };
        ScaleKeyframeDto: {
            /**
             * @description Milliseconds from the clip start, at most the clip length; each keyframe later than the one before
             * @example 0
             */
            time_ms: number;
            /** @description The value at time_ms, within the bounds of the constant */
            value: components["schemas"]["ScaleDto"];
            /**
             * @description Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe
             * @default linear
             * @enum {string}
             */
            easing?: "linear" | "ease-in" | "ease-out" | "ease-in-out" | "hold";
        };
        /** @description A keyframe track: before the first keyframe the first value holds, after the last the last */
        ScaleKeyframesDto: {
            keyframes: components["schemas"]["ScaleKeyframeDto"][];
        };
        OpacityKeyframeDto: {
            /**
             * @description Milliseconds from the clip start, at most the clip length; each keyframe later than the one before
             * @example 0
             */
            time_ms: number;
            /**
             * @description The value at time_ms, within the bounds of the constant
             * @example 1
             */
            value: number;
            /**
             * @description Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe
             * @default linear
             * @enum {string}
             */
            easing?: "linear" | "ease-in" | "ease-out" | "ease-in-out" | "hold";
        };
        /** @description A keyframe track: before the first keyframe the first value holds, after the last the last */
        OpacityKeyframesDto: {
            keyframes: components["schemas"]["OpacityKeyframeDto"][];
        };
        PositionDto: {
            /**
             * @description Pixels from the left edge of the output canvas
             * @example 0
             */
            x: number;
            /**
             * @description Pixels from the top edge of the output canvas
             * @example 0
             */
            y: number;
        };
        PositionKeyframeDto: {
            /**
             * @description Milliseconds from the clip start, at most the clip length; each keyframe later than the one before
             * @example 0
             */
            time_ms: number;
            /** @description The value at time_ms, within the bounds of the constant */
            value: components["schemas"]["PositionDto"];
            /**
             * @description Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe
             * @default linear
             * @enum {string}
             */
            easing?: "linear" | "ease-in" | "ease-out" | "ease-in-out" | "hold";
        };
        /** @description A keyframe track: before the first keyframe the first value holds, after the last the last */
        PositionKeyframesDto: {
            keyframes: components["schemas"]["PositionKeyframeDto"][];
        };
        RotationKeyframeDto: {
            /**
             * @description Milliseconds from the clip start, at most the clip length; each keyframe later than the one before
             * @example 0
             */
            time_ms: number;
            /**
             * @description The value at time_ms, within the bounds of the constant
             * @example 0
             */
            value: number;
            /**
             * @description Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe
             * @default linear
             * @enum {string}
             */
            easing?: "linear" | "ease-in" | "ease-out" | "ease-in-out" | "hold";
        };
        /** @description A keyframe track: before the first keyframe the first value holds, after the last the last */
        RotationKeyframesDto: {
            keyframes: components["schemas"]["RotationKeyframeDto"][];
        };
        TransitionSideDto: {
            /**
             * @description How the clip enters (in) or leaves (out); docs/extensions.md describes each
             * @enum {string}
             */
            type: "fade" | "wipe-right" | "wipe-left" | "wipe-down" | "wipe-up" | "slide-right" | "slide-left" | "slide-down" | "slide-up" | "zoom";
            /**
             * @description Milliseconds; in + out at most the clip length
             * @example 500
             */
            duration_ms: number;
        };
        TransitionDto: {
            /** @description Over the first duration_ms of the clip */
            in?: components["schemas"]["TransitionSideDto"];
            /** @description Over the last duration_ms of the clip */
            out?: components["schemas"]["TransitionSideDto"];
        };
        DuckingDto: {
            /**
             * @description Ids of the audio or video tracks whose sound lowers this clip's (not the clip's own track)
             * @example [
             *       "voice"
             *     ]
             */
            under: string[];
            /**
             * @description How far the gain falls while a listed track sounds, in dB
             * @default 12
             */
            amount_db?: number;
            /**
             * @description Milliseconds the fall takes
             * @default 50
             */
            attack_ms?: number;
            /**
             * @description Milliseconds the way back takes
             * @default 400
             */
            release_ms?: number;
        };
        VideoClipPropertiesDto: {
            /** @description Scaling factors */
            scale?: components["schemas"]["ScaleDto"] | components["schemas"]["ScaleKeyframesDto"];
            /**
             * @description 0.0 (transparent) to 1.0 (opaque)
             * @default 1
             */
            opacity?: number | components["schemas"]["OpacityKeyframesDto"];
            /** @description Offset of the media in pixels from its fitted place */
            position?: components["schemas"]["PositionDto"] | components["schemas"]["PositionKeyframesDto"];
            /**
             * @default contain
             * @enum {string}
             */
            fit?: "contain" | "cover" | "fill" | "stretch";
            /**
             * @description Degrees, clockwise; any finite number
             * @default 0
             */
            rotation?: number | components["schemas"]["RotationKeyframesDto"];
            /**
             * @description CSS mix-blend-mode keyword
             * @default normal
             * @enum {string}
             */
            blend_mode?: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion" | "hue" | "saturation" | "color" | "luminosity" | "plus-lighter";
            /** @enum {string} */
            layer_type?: "background" | "foreground";
            /**
             * @description Stacking order; higher is on top
             * @example 0
             */
            z_index?: number;
            /**
             * @deprecated
             * @description Deprecated; use fit
             * @enum {string}
             */
            background_fit?: "contain" | "cover" | "fill" | "stretch";
            /** @description Blur radius in pixels; background layers only */
            background_blur?: number;
            /** @description How the clip enters and leaves: either side optional */
            transition?: components["schemas"]["TransitionDto"];
            /** @description Lowers this clip while any listed track sounds (above -45 dBFS) */
            ducking?: components["schemas"]["DuckingDto"];
        };
        VolumeKeyframeDto: {
            /**
             * @description Milliseconds from the clip start, at most the clip length; each keyframe later than the one before
             * @example 0
             */
            time_ms: number;
            /**
             * @description The value at time_ms, within the bounds of the constant
             * @example 1
             */
            value: number;
            /**
             * @description Shape of the segment that ends at this keyframe: hold keeps the previous value until this keyframe
             * @default linear
             * @enum {string}
             */
            easing?: "linear" | "ease-in" | "ease-out" | "ease-in-out" | "hold";
        };
        /** @description A keyframe track: before the first keyframe the first value holds, after the last the last */
        VolumeKeyframesDto: {
            keyframes: components["schemas"]["VolumeKeyframeDto"][];
        };
        AudioClipPropertiesDto: {
            /**
             * @description Gain factor; 1 keeps the level
             * @default 1
             */
            volume?: number | components["schemas"]["VolumeKeyframesDto"];
            /** @description Milliseconds; fade_in_ms + fade_out_ms ≤ clip length */
            fade_in_ms?: number;
            /** @description Milliseconds; fade_in_ms + fade_out_ms ≤ clip length */
            fade_out_ms?: number;
            /** @description Lowers this clip while any listed track sounds (above -45 dBFS) */
            ducking?: components["schemas"]["DuckingDto"];
        };
        TextWrappingDto: {
            /** @default true */
            enabled?: boolean;
            /** @example 42 */
            max_chars_per_line?: number;
            /**
             * @description word breaks between words (and between CJK characters)
             * @default word
             * @enum {string}
             */
            strategy?: "word" | "character" | "none";
            /**
             * @description `auto` or a BCP 47 language tag
             * @default auto
             * @example zh-Hans
             */
            language?: string;
        };
        OutlineDto: {
            enabled?: boolean;
            /** @description Pixels */
            width?: number;
            /** @example #000000 */
            color?: string;
            /** @description Pixels */
            blur?: number;
        };
        ShadowDto: {
            enabled?: boolean;
            /** @description Pixels */
            offset_x?: number;
            /** @description Pixels */
            offset_y?: number;
            /** @description Pixels */
            blur?: number;
            /** @example #000000 */
            color?: string;
            opacity?: number;
        };
        WordCaptionsDto: {
            /**
             * @description highlight: the whole cue shows, the spoken word in highlight_color; reveal: words appear as spoken
             * @default highlight
             * @enum {string}
             */
            style?: "highlight" | "reveal";
            /**
             * @default #FFD400
             * @example #FFD400
             */
            highlight_color?: string;
            /**
             * @description Size of the spoken word (highlight), about its own centre
             * @default 1
             */
            scale?: number;
        };
        SubtitleClipPropertiesDto: {
            /**
             * @example netflix
             * @enum {string}
             */
            preset?: "netflix" | "youtube" | "professional" | "minimal" | "cinema" | "douyin" | "xiaohongshu" | "wechat-video" | "custom";
            /**
             * @description Pixels of the output canvas
             * @example 48
             */
            font_size?: number;
            /**
             * @description A font key or alias; any other string is answered with INVALID_FONT
             * @example noto-serif-sc
             */
            font_family?: string;
            /** @example #FFFFFF */
            color?: string;
            text_wrapping?: components["schemas"]["TextWrappingDto"];
            outline?: components["schemas"]["OutlineDto"];
            shadow?: components["schemas"]["ShadowDto"];
            /** @description Bottom-centre anchor of the text block, in pixels of the output canvas; absent = the preset place */
            position?: components["schemas"]["PositionDto"];
            /** @description Word-level captions: times from WebVTT inline timestamps, a JSON transcript, or split by characters */
            words?: components["schemas"]["WordCaptionsDto"];
        };
        MediaClipDto: {
            /**
             * @description Clip identifier chosen by the client, unique within its track
             * @example clip-1
             */
            id: string;
            /**
             * @description Start on the timeline, milliseconds
             * @example 0
             */
            start_time_ms: number;
            /**
             * @description End on the timeline, milliseconds; after start_time_ms and at most timeline.duration_ms
             * @example 5000
             */
            end_time_ms: number;
            /**
             * @description http(s) URL the service downloads; for a subtitle clip, a subtitle file (SRT or WebVTT)
             * @example https://media.example.com/intro.mp4
             */
            media_url: string;
            /** @description Depends on the track type; keys of another track type are rejected */
            properties?: components["schemas"]["VideoClipPropertiesDto"] | components["schemas"]["AudioClipPropertiesDto"] | components["schemas"]["SubtitleClipPropertiesDto"];
        };
        TextBackgroundDto: {
            /**
             * @default #000000
             * @example #000000
             */
            color?: string;
            /** @default 1 */
            opacity?: number;
            /**
             * @description Pixels between the text and the edge of the box
             * @default 0
             */
            padding?: number;
            /**
             * @description Corner radius in pixels
             * @default 0
             */
            radius?: number;
        };
        TextClipPropertiesDto: {
            /**
             * @example netflix
             * @enum {string}
             */
            preset?: "netflix" | "youtube" | "professional" | "minimal" | "cinema" | "douyin" | "xiaohongshu" | "wechat-video" | "custom";
            /**
             * @description Pixels of the output canvas
             * @example 48
             */
            font_size?: number;
            /**
             * @description A font key or alias; any other string is answered with INVALID_FONT
             * @example noto-serif-sc
             */
            font_family?: string;
            /** @example #FFFFFF */
            color?: string;
            text_wrapping?: components["schemas"]["TextWrappingDto"];
            outline?: components["schemas"]["OutlineDto"];
            shadow?: components["schemas"]["ShadowDto"];
            /** @description Bottom-centre anchor of the text block, in pixels of the output canvas; absent = the preset place */
            position?: components["schemas"]["PositionDto"] | components["schemas"]["PositionKeyframesDto"];
            /**
             * @description Alignment of the lines within the text block
             * @default center
             * @enum {string}
             */
            align?: "left" | "center" | "right";
            /** @description A box behind the text; absent = none */
            background?: components["schemas"]["TextBackgroundDto"];
            /**
             * @description 0.0 (transparent) to 1.0 (opaque)
             * @default 1
             */
            opacity?: number | components["schemas"]["OpacityKeyframesDto"];
            /** @description Scaling factors about the centre of the text block */
            scale?: components["schemas"]["ScaleDto"] | components["schemas"]["ScaleKeyframesDto"];
            /**
             * @description Degrees, clockwise, about the centre of the text block; any finite number
             * @default 0
             */
            rotation?: number | components["schemas"]["RotationKeyframesDto"];
            /**
             * @description Stacking order among video and text clips; higher is on top (subtitles stay above all)
             * @example 0
             */
            z_index?: number;
            /** @description How the clip enters and leaves: either side optional */
            transition?: components["schemas"]["TransitionDto"];
        };
        TextClipDto: {
            /**
             * @description Clip identifier chosen by the client, unique within its track
             * @example clip-1
             */
            id: string;
            /**
             * @description Start on the timeline, milliseconds
             * @example 0
             */
            start_time_ms: number;
            /**
             * @description End on the timeline, milliseconds; after start_time_ms and at most timeline.duration_ms
             * @example 5000
             */
            end_time_ms: number;
            /**
             * @description The text shown, 1 to 500 characters (Unicode code points); \n breaks a line
             * @example Summer sale
             *     until Sunday
             */
            text: string;
            properties?: components["schemas"]["TextClipPropertiesDto"];
        };
        TrackDto: {
            /**
             * @description Track identifier chosen by the client, unique within the timeline
             * @example main
             */
            id: string;
            /**
             * @description Decides which clips and clip properties are accepted; text is an extension (text clips)
             * @enum {string}
             */
            type: "video" | "audio" | "subtitle" | "text";
            /** @description Clips of this track (text clips on a text track, media clips on the others); may be empty */
            clips: (components["schemas"]["MediaClipDto"] | components["schemas"]["TextClipDto"])[];
        };
        TimelineDto: {
            /**
             * @description Total duration in milliseconds
             * @example 10000
             */
            duration_ms: number;
            /** @description Later tracks are drawn on top of earlier ones */
            tracks: components["schemas"]["TrackDto"][];
        };
        ResolutionDto: {
            /** @example 1920 */
            width: number;
            /** @example 1080 */
            height: number;
        };
        LoudnessDto: {
            /**
             * @description Integrated loudness of the output (ITU-R BS.1770), LUFS; met within 1 LU
             * @example -14
             */
            target_lufs: number;
            /**
             * @description Highest true peak, dBTP
             * @default -1
             */
            true_peak_db?: number;
        };
        OutputAudioDto: {
            /** @description Normalise the whole output to this loudness; absent = levels as mixed */
            loudness?: components["schemas"]["LoudnessDto"];
        };
        OutputDto: {
            /** @description Pixels; at most the model limit (either orientation) */
            resolution: components["schemas"]["ResolutionDto"];
            /**
             * @description Frames per second; fractions such as 29.97 allowed
             * @default 30
             */
            framerate?: number;
            /**
             * @description prores needs the premium model
             * @default mp4
             * @enum {string}
             */
            format?: "mp4" | "mov" | "webm" | "prores";
            /**
             * @default standard
             * @enum {string}
             */
            quality?: "draft" | "standard" | "high" | "premium";
            /**
             * @description Default by format: mp4/mov h264, webm vp9, prores prores. Allowed: mp4 h264|h265; mov h264|prores; webm vp8|vp9; prores prores
             * @enum {string}
             */
            codec?: "h264" | "h265" | "vp8" | "vp9" | "prores";
            /** @description The sound of the output as a whole */
            audio?: components["schemas"]["OutputAudioDto"];
        };
        TaskInputDto: {
            timeline: components["schemas"]["TimelineDto"];
            output: components["schemas"]["OutputDto"];
        };
        WebhookDto: {
            /**
             * @description HTTPS endpoint of the client
             * @example https://hooks.example.com/render
             */
            url: string;
            /** @description Event types to receive; default all; [] receives none */
            events?: ("task.queued" | "task.started" | "task.progress" | "task.completed" | "task.failed" | "task.canceled")[];
            /** @description Key of the HMAC-SHA256 signature; recommended */
            secret?: string;
            /**
             * @description Up to 20 custom headers; Content-*, Host, hop-by-hop, X-Service-* and Webhook-* are reserved
             * @example {
             *       "X-Tenant": "acme"
             *     }
             */
            headers?: {
                [key: string]: string;
            };
            /**
             * @description Seconds the receiver has to answer
             * @default 30
             */
            timeout_seconds?: number;
            /** @default 3 */
            max_retries?: number;
        };
        MetadataDto: {
            /**
             * @description Client's own label
             * @example campaign-42
             */
            user_reference?: string;
            /**
             * @description Up to 50 tags of 1 to 64 characters
             * @example [
             *       "promo"
             *     ]
             */
            tags?: string[];
            /**
             * @default standard
             * @enum {string}
             */
            priority?: "low" | "standard" | "high" | "urgent";
            /**
             * @description Hours the output video is kept
             * @default 24
             */
            retention_hours?: number;
        };
        CreateTaskDto: {
            /**
             * @example 3.0
             * @enum {string}
             */
            version?: "3.0";
            /**
             * @description Unique per account; a repeat is answered 409 DUPLICATE_REQUEST_ID
             * @example req-2025-0001
             */
            request_id?: string;
            /**
             * @description Rendering model (see GET /v3/models)
             * @default standard
             * @enum {string}
             */
            model?: "standard" | "premium";
            input: components["schemas"]["TaskInputDto"];
            webhook: components["schemas"]["WebhookDto"];
            metadata?: components["schemas"]["MetadataDto"];
        };
        TemplateTaskItemDto: {
            /**
             * @description A value per field; a field left out takes its default
             * @example {
             *       "title": "Seaside flat"
             *     }
             */
            merge?: {
                [key: string]: string | number;
            };
            /** @description Unique per account, as for POST /v3/tasks */
            request_id?: string;
            /** @description Replaces the template's webhook */
            webhook?: components["schemas"]["WebhookDto"];
            /** @description Replaces the template's metadata */
            metadata?: components["schemas"]["MetadataDto"];
            /**
             * @description The template to render (tpl_ + 26 characters)
             * @example tpl_01m82ey3w9y7j458wxb9m2y1j4
             */
            template_id: string;
        };
        ValidationIssueResponse: {
            /** @description Path of the field, e.g. input.timeline.tracks[0].clips[1].properties.opacity */
            field: string;
            /** @description What is wrong with it */
            issue: string;
            /** @description The value as sent (null when the field was missing; long strings are shortened) */
            provided_value: string | number | boolean | {
                [key: string]: unknown;
            } | unknown[] | (null);
        };
        CreateTaskBatchDto: {
            /** @description Create bodies (as POST /v3/tasks) or template renders ({ template_id, merge, … }), admitted in order */
            tasks: (components["schemas"]["CreateTaskDto"] | components["schemas"]["TemplateTaskItemDto"])[];
        };
        /** @enum {string} */
        ErrorCode: "MISSING_AUTHENTICATION" | "INVALID_API_KEY" | "INSUFFICIENT_PERMISSIONS" | "RATE_LIMIT_EXCEEDED" | "QUOTA_EXCEEDED" | "INSUFFICIENT_CREDITS" | "VALIDATION_ERROR" | "INVALID_FONT" | "UNSUPPORTED_API_VERSION" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RANGE_NOT_SATISFIABLE" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "TASK_NOT_FOUND" | "DELIVERY_NOT_FOUND" | "TEMPLATE_NOT_FOUND" | "DUPLICATE_REQUEST_ID" | "TASK_NOT_CANCELABLE" | "TASK_NOT_RETRYABLE" | "TASK_ALREADY_RETRIED" | "DELIVERY_NOT_REDELIVERABLE" | "MODEL_LIMIT_EXCEEDED" | "TIMELINE_TOO_COMPLEX" | "FORBIDDEN" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE";
        ErrorBodyResponse: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            /** @description VALIDATION_ERROR and INVALID_FONT: an array of problems; TIMELINE_TOO_COMPLEX and MODEL_LIMIT_EXCEEDED: an array of exceeded limits; other codes: an object (e.g. task_id, status) */
            details?: components["schemas"]["ValidationIssueResponse"][] | components["schemas"]["ExceededLimitResponse"][] | {
                [key: string]: unknown;
            };
            /**
             * @description Also sent as the X-Request-Id header
             * @example req_01m82f3y3ehb8rsqh12m5yh12f
             */
            request_id: string;
            suggested_action?: string;
            /** @description Seconds to wait before retrying (rate limiting) */
            retry_after?: number;
        };
        BatchItemResultResponse: {
            /** @description Position of the item in tasks */
            index: number;
            /**
             * @description 201 when the task was created; otherwise the status a create alone would have answered
             * @example 201
             */
            status: number;
            /**
             * @description The created task (status 201)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id?: string;
            /** @description The error a create alone would have answered (`error` of the envelope) */
            error?: components["schemas"]["ErrorBodyResponse"];
        };
        BatchResponse: {
            /** @description One result per item, in the order of tasks */
            results: components["schemas"]["BatchItemResultResponse"][];
        };
        ErrorEnvelopeResponse: {
            error: components["schemas"]["ErrorBodyResponse"];
        };
        ResolutionResponse: {
            width: number;
            height: number;
        };
        TaskOutputResponse: {
            /** @description Pre-signed URL; null once expired */
            video_url: string | null;
            /** @description Pre-signed URL of a JPEG; null once expired (7 days after completion) */
            thumbnail_url: string | null;
            /** @description Pre-signed URL of a GIF; null once expired (7 days after completion) */
            preview_url: string | null;
            duration_ms: number;
            file_size_bytes: number;
            resolution: components["schemas"]["ResolutionResponse"];
            /** @example mp4 */
            format: string;
            /** Format: date-time */
            expires_at: string;
            /** @description true after expires_at: the video is gone and video_url null (the thumbnail and preview last 7 days from completion) */
            expired: boolean;
        };
        /** @enum {string} */
        RenderErrorCode: "MEDIA_DOWNLOAD_FAILED" | "INVALID_MEDIA_FORMAT" | "FILE_TOO_LARGE" | "PROCESSING_TIMEOUT" | "TIMELINE_TOO_COMPLEX" | "RENDER_FAILED" | "WORKER_CRASHED";
        TaskFailureResponse: {
            code: components["schemas"]["RenderErrorCode"];
            message: string;
            details: {
                [key: string]: unknown;
            };
            retry_possible: boolean;
            suggested_action: string | null;
        };
        EstimatedVsActualResponse: {
            /** @description Estimated seconds */
            estimated: number;
            /** @description Actual processing seconds */
            actual: number;
            accuracy: number;
        };
        /** @enum {string} */
        ExceededLimit: "max_tracks" | "max_clips_per_track" | "max_clips" | "max_resolution" | "max_duration_seconds" | "supported_formats";
        ExceededLimitResponse: {
            limit: components["schemas"]["ExceededLimit"];
            /** @description The limit: a count, seconds, a resolution {width, height} or the supported formats */
            allowed: string | number | boolean | {
                [key: string]: unknown;
            } | unknown[];
            /** @description What the request asked for, in the same form */
            provided: string | number | boolean | {
                [key: string]: unknown;
            } | unknown[];
            /** @description MODEL_LIMIT_EXCEEDED: the model whose limit it is */
            model?: string;
            /** @description max_clips_per_track: the path of the track's clips */
            field?: string;
        };
        /** @enum {string} */
        TaskStatus: "queued" | "processing" | "completed" | "failed" | "canceled";
        /** @enum {string} */
        Priority: "low" | "standard" | "high" | "urgent";
        TaskLinksResponse: {
            /**
             * @description Path of the task (GET)
             * @example /v3/tasks/tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            self: string;
            /**
             * @description Path to cancel the task (DELETE)
             * @example /v3/tasks/tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            cancel: string;
        };
        /** @enum {string} */
        WebhookEventType: "task.queued" | "task.started" | "task.progress" | "task.completed" | "task.failed" | "task.canceled";
        CreatedTaskWebhookResponse: {
            url: string;
            events: components["schemas"]["WebhookEventType"][];
        };
        CreatedTaskResponse: {
            /**
             * @description Task identifier (prefix tsk_)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            status: components["schemas"]["TaskStatus"];
            /** Format: date-time */
            created_at: string;
            estimated_duration_seconds: number;
            /** @description Place among all waiting tasks (1 = next) */
            queue_position: number;
            priority: components["schemas"]["Priority"];
            links: components["schemas"]["TaskLinksResponse"];
            /** @description The webhook URL and the events that will be sent (all six unless the request chose some) */
            webhook: components["schemas"]["CreatedTaskWebhookResponse"];
        };
        TaskSummaryMetadataResponse: {
            user_reference: string | null;
            tags: string[];
        };
        TaskSummaryResponse: {
            /**
             * @description Task identifier (prefix tsk_)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            status: components["schemas"]["TaskStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            metadata: components["schemas"]["TaskSummaryMetadataResponse"];
        };
        PaginationResponse: {
            total: number;
            limit: number;
            offset: number;
            has_more: boolean;
        };
        TaskListResponse: {
            tasks: components["schemas"]["TaskSummaryResponse"][];
            pagination: components["schemas"]["PaginationResponse"];
        };
        /** @enum {string} */
        ModelId: "standard" | "premium";
        PhaseStateResponse: {
            completed: boolean;
            duration_seconds: number;
        };
        TaskPhasesResponse: {
            download: components["schemas"]["PhaseStateResponse"];
            render: components["schemas"]["PhaseStateResponse"];
            upload: components["schemas"]["PhaseStateResponse"];
        };
        TaskProgressResponse: {
            percentage: number;
            /**
             * @description null until the render starts
             * @enum {string|null}
             */
            current_phase: "download" | "render" | "upload" | "completed" | null;
            phases: components["schemas"]["TaskPhasesResponse"];
        };
        TaskRecordMetadataResponse: {
            user_reference: string | null;
            tags: string[];
            processing_time_seconds: number | null;
            estimated_vs_actual: components["schemas"]["EstimatedVsActualResponse"] | (null);
        };
        TaskRecordResponse: {
            /**
             * @description Task identifier (prefix tsk_)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            status: components["schemas"]["TaskStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            failed_at: string | null;
            /** Format: date-time */
            canceled_at: string | null;
            priority: components["schemas"]["Priority"];
            model: components["schemas"]["ModelId"];
            progress: components["schemas"]["TaskProgressResponse"];
            output: components["schemas"]["TaskOutputResponse"] | (null);
            error: components["schemas"]["TaskFailureResponse"] | (null);
            metadata: components["schemas"]["TaskRecordMetadataResponse"];
            estimated_duration_seconds: number;
            /** @description The failed task this one retries */
            original_task_id: string | null;
            /** @description The task that retried this one */
            retried_by: string | null;
            retry_count: number;
            links: components["schemas"]["TaskLinksResponse"];
        };
        SubmittedRequestResponse: {
            /**
             * @description Task identifier (prefix tsk_)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            /**
             * @description The failed task this one retries (its request is that task's)
             * @example null
             */
            retry_of: string | null;
            /** @description The create body as submitted, without the fields listed in redacted_fields; a retry shows its original's configuration */
            request: components["schemas"]["CreateTaskDto"];
            /**
             * @description Paths of submitted fields left out because they are credentials for the client's own server (webhook.secret, webhook.headers.<name>)
             * @example [
             *       "webhook.secret"
             *     ]
             */
            redacted_fields: string[];
        };
        CanceledTaskResponse: {
            /**
             * @description Task identifier (prefix tsk_)
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            /** @enum {string} */
            status: "canceled";
            /** Format: date-time */
            canceled_at: string;
            message: string;
        };
        RetriedTaskResponse: {
            /**
             * @description The new task
             * @example tsk_01m82ey3w9y7j458wxb9m2y1j4
             */
            task_id: string;
            /** @description The failed task it retries */
            original_task_id: string;
            status: components["schemas"]["TaskStatus"];
            /** Format: date-time */
            created_at: string;
            retry_count: number;
        };
        TemplateFieldDto: {
            /**
             * @description number: a whole-string placeholder becomes a JSON number; url: an absolute http(s) URL
             * @enum {string}
             */
            type: "string" | "number" | "url";
            /** @description Used when a merge leaves the field out; of the field type */
            default?: string | number;
        };
        CreateTemplateDto: {
            /** @example listing-teaser */
            name: string;
            /** @description A create-task body (POST /v3/tasks) whose string values may hold {{field}} placeholders; no webhook secret or headers */
            body: {
                [key: string]: unknown;
            };
            /**
             * @description Up to 50 fields, each used by at least one placeholder
             * @example {
             *       "title": {
             *         "type": "string",
             *         "default": "Hello"
             *       }
             *     }
             */
            fields?: {
                [key: string]: components["schemas"]["TemplateFieldDto"];
            };
        };
        TemplateSummaryResponse: {
            /**
             * @description Template identifier (prefix tpl_)
             * @example tpl_01m82ey3w9y7j458wxb9m2y1j4
             */
            template_id: string;
            name: string;
            /**
             * @example {
             *       "title": {
             *         "type": "string",
             *         "default": "Hello"
             *       }
             *     }
             */
            fields: {
                [key: string]: components["schemas"]["TemplateFieldDto"];
            };
            /** Format: date-time */
            created_at: string;
        };
        TemplateListResponse: {
            templates: components["schemas"]["TemplateSummaryResponse"][];
            pagination: components["schemas"]["PaginationResponse"];
        };
        TemplateResponse: {
            /**
             * @description Template identifier (prefix tpl_)
             * @example tpl_01m82ey3w9y7j458wxb9m2y1j4
             */
            template_id: string;
            name: string;
            /**
             * @example {
             *       "title": {
             *         "type": "string",
             *         "default": "Hello"
             *       }
             *     }
             */
            fields: {
                [key: string]: components["schemas"]["TemplateFieldDto"];
            };
            /** Format: date-time */
            created_at: string;
            /** @description The create body with its {{field}} placeholders, as stored */
            body: {
                [key: string]: unknown;
            };
        };
        DeletedTemplateResponse: {
            /**
             * @description Template identifier (prefix tpl_)
             * @example tpl_01m82ey3w9y7j458wxb9m2y1j4
             */
            template_id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        RenderTemplateDto: {
            /**
             * @description A value per field; a field left out takes its default
             * @example {
             *       "title": "Seaside flat"
             *     }
             */
            merge?: {
                [key: string]: string | number;
            };
            /** @description Unique per account, as for POST /v3/tasks */
            request_id?: string;
            /** @description Replaces the template's webhook */
            webhook?: components["schemas"]["WebhookDto"];
            /** @description Replaces the template's metadata */
            metadata?: components["schemas"]["MetadataDto"];
        };
        /** @enum {string} */
        DeliveryStatus: "pending" | "delivered" | "failed" | "skipped";
        DeliveryAttemptResponse: {
            attempt: number;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            /** @description null when no HTTP answer arrived */
            http_status: number | null;
            error: string | null;
        };
        DeliveryResponse: {
            /** @description The webhook-id of the event */
            event_id: string;
            event: components["schemas"]["WebhookEventType"];
            /** @description Order of the event within its task */
            sequence: number;
            status: components["schemas"]["DeliveryStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            finished_at: string | null;
            /**
             * Format: date-time
             * @description Set while the delivery is pending
             */
            next_attempt_at: string | null;
            attempts: components["schemas"]["DeliveryAttemptResponse"][];
        };
        DeliveryListResponse: {
            task_id: string;
            deliveries: components["schemas"]["DeliveryResponse"][];
        };
        RedeliveryResponse: {
            event_id: string;
            /** @enum {string} */
            status: "pending";
            message: string;
        };
        /** @enum {string} */
        OutputFormat: "mp4" | "mov" | "webm" | "prores";
        /** @enum {string} */
        PricingTier: "standard" | "premium";
        ModelRecordResponse: {
            id: components["schemas"]["ModelId"];
            name: string;
            description: string;
            max_resolution: components["schemas"]["ResolutionResponse"];
            max_duration_seconds: number;
            supported_formats: components["schemas"]["OutputFormat"][];
            pricing_tier: components["schemas"]["PricingTier"];
        };
        ModelListResponse: {
            models: components["schemas"]["ModelRecordResponse"][];
        };
        /** @enum {string} */
        UsagePeriod: "current_month" | "last_month" | "current_week" | "last_week" | "today" | "yesterday";
        UsageFiguresResponse: {
            total_renders: number;
            successful_renders: number;
            failed_renders: number;
            total_processing_minutes: number;
            total_output_minutes: number;
            /** @description What the account holds in storage now */
            storage_used_gb: number;
        };
        UsageLimitsResponse: {
            monthly_renders: number;
            concurrent_renders: number;
            max_storage_gb: number;
        };
        CostBreakdownResponse: {
            rendering_usd: number;
            storage_usd: number;
            bandwidth_usd: number;
        };
        UsageCostsResponse: {
            total_usd: number;
            breakdown: components["schemas"]["CostBreakdownResponse"];
        };
        UsageRecordResponse: {
            period: components["schemas"]["UsagePeriod"];
            /** Format: date-time */
            period_start: string;
            /** Format: date-time */
            period_end: string;
            usage: components["schemas"]["UsageFiguresResponse"];
            limits: components["schemas"]["UsageLimitsResponse"];
            costs: components["schemas"]["UsageCostsResponse"];
        };
        /** @enum {string} */
        SampleKind: "video" | "image" | "audio" | "subtitle";
        SampleRecordResponse: {
            /** @example testcard-640x360.mp4 */
            name: string;
            /**
             * @description Where the service serves it (GET, no API key). Used verbatim as a media_url, the worker reads the file from disk instead of fetching it.
             * @example https://localhost:8443/samples/testcard-640x360.mp4
             */
            url: string;
            kind: components["schemas"]["SampleKind"];
            /** @example video/mp4 */
            content_type: string;
            /** @example 115757 */
            size_bytes: number;
            /**
             * @description Of a video or audio file; null for images and subtitles
             * @example 3000
             */
            duration_ms: number | null;
        };
        SampleListResponse: {
            samples: components["schemas"]["SampleRecordResponse"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    TaskBatchController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaskBatchDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_list: {
        parameters: {
            query?: {
                status?: "queued" | "processing" | "completed" | "failed" | "canceled";
                limit?: number;
                offset?: number;
                /** @description Only tasks created at or after this instant (inclusive) */
                created_after?: string;
                /** @description Only tasks created before this instant (exclusive) */
                created_before?: string;
            };
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskListResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTaskDto"];
            };
        };
        responses: {
            /** @description The task is queued */
            201: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTaskResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR, INVALID_FONT */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_CREDITS */
            402: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: DUPLICATE_REQUEST_ID */
            409: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MODEL_LIMIT_EXCEEDED, TIMELINE_TOO_COMPLEX */
            422: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED, QUOTA_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskRecordResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CanceledTaskResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_CANCELABLE */
            409: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_submittedRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmittedRequestResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TasksController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
            };
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The retry is queued */
            201: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetriedTaskResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_CREDITS */
            402: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_RETRYABLE, TASK_ALREADY_RETRIED */
            409: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED, QUOTA_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TemplatesController_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateListResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TemplatesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateSummaryResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR, INVALID_FONT */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MODEL_LIMIT_EXCEEDED, TIMELINE_TOO_COMPLEX */
            422: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TemplatesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template identifier (tpl_ + 26 characters) */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TEMPLATE_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TemplatesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template identifier (tpl_ + 26 characters) */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedTemplateResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TEMPLATE_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TemplatesController_render: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Template identifier (tpl_ + 26 characters) */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenderTemplateDto"];
            };
        };
        responses: {
            /** @description The task is queued */
            201: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTaskResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR, INVALID_FONT */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_CREDITS */
            402: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TEMPLATE_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: DUPLICATE_REQUEST_ID */
            409: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_MEDIA_TYPE */
            415: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MODEL_LIMIT_EXCEEDED, TIMELINE_TOO_COMPLEX */
            422: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED, QUOTA_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    TaskEventsController_stream: {
        parameters: {
            query?: never;
            header?: {
                /** @description API date version; only 2025-01-17 */
                "X-Service-Version"?: string;
                /** @description Resume after this event id; an unknown id replays the whole history */
                "Last-Event-ID"?: string;
            };
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream: `id: <event id>`, `event: <type>`, `data: <webhook JSON body>` per event */
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id: evt_01jhx8m3c7a5v2r9k4t6w8y0zq
                     *     event: task.queued
                     *     data: {"event":"task.queued","timestamp":"2025-01-17T10:00:00.000Z","task_id":"tsk_01jhx8m3c6f0d4b7n2p5r8s1tv","data":{"queue_position":1,"estimated_start_time":"2025-01-17T10:00:00.000Z","priority":"standard"}}
                     *
                     *     : keep-alive
                     */
                    "text/event-stream": string;
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    DeliveriesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryListResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    DeliveriesController_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task identifier (tsk_ + 26 characters) */
                task_id: string;
                /** @description Event identifier (the webhook-id of the delivery) */
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event is pending delivery again */
            202: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: TASK_NOT_FOUND, DELIVERY_NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: DELIVERY_NOT_REDELIVERABLE */
            409: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    ModelsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelListResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    UsageController_get: {
        parameters: {
            query?: {
                /** @description UTC calendar period */
                period?: "current_month" | "last_month" | "current_week" | "last_week" | "today" | "yesterday";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageRecordResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION, VALIDATION_ERROR */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    SamplesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version": string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining": number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset": number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type": "requests" | "monthly_renders";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SampleListResponse"];
                };
            };
            /** @description Error envelope; error.code: UNSUPPORTED_API_VERSION */
            400: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: MISSING_AUTHENTICATION, INVALID_API_KEY */
            401: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INSUFFICIENT_PERMISSIONS, FORBIDDEN */
            403: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RATE_LIMIT_EXCEEDED */
            429: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: INTERNAL_ERROR */
            500: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    /** @description The API date version that answered */
                    "X-Service-Version"?: string;
                    /** @description Requests allowed in the window */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the window */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, Unix seconds */
                    "X-RateLimit-Reset"?: number;
                    /** @description The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED */
                    "X-RateLimit-Type"?: "requests" | "monthly_renders";
                    /** @description Seconds to wait (429 RATE_LIMIT_EXCEEDED) */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
    SamplesController_serve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A name listed by GET /v3/samples */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "audio/mpeg": string;
                    "application/x-subrip": string;
                    "text/vtt": string;
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The requested byte range */
            206: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "audio/mpeg": string;
                    "application/x-subrip": string;
                    "text/vtt": string;
                    "application/json": string;
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error envelope; error.code: NOT_FOUND */
            404: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
            /** @description Error envelope; error.code: RANGE_NOT_SATISFIABLE */
            416: {
                headers: {
                    /** @description The request id, also in the error envelope and the logs */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeResponse"];
                };
            };
        };
    };
}
