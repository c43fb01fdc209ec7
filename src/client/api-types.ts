/**
 * Generated from the service's OpenAPI document (/v3/openapi.json) by
 * `npm run generate:client` (scripts/generate-client-types.js). Do not edit:
 * test/e2e/client/client-types.e2e-spec.ts fails when this file and the served document disagree.
 */
export interface paths {
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
    "/v3/tasks/{taskId}": {
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
    "/v3/tasks/{taskId}/retry": {
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
    "/v3/tasks/{taskId}/deliveries": {
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
    "/v3/tasks/{taskId}/deliveries/{eventId}/redeliver": {
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
    "/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["FilesController_serve"];
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
        VideoClipPropertiesDto: {
            /** @description Scaling factors */
            scale?: components["schemas"]["ScaleDto"];
            /**
             * @description 0.0 (transparent) to 1.0 (opaque)
             * @example 1
             */
            opacity?: number;
            /** @description Offset of the media in pixels from its fitted place */
            position?: components["schemas"]["PositionDto"];
            /**
             * @default contain
             * @enum {string}
             */
            fit?: "contain" | "cover" | "fill" | "stretch";
            /**
             * @description Degrees, clockwise; any finite number
             * @example 0
             */
            rotation?: number;
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
        };
        AudioClipPropertiesDto: {
            /**
             * @description Gain factor; 1 keeps the level
             * @default 1
             */
            volume?: number;
            /** @description Milliseconds; fade_in_ms + fade_out_ms ≤ clip length */
            fade_in_ms?: number;
            /** @description Milliseconds; fade_in_ms + fade_out_ms ≤ clip length */
            fade_out_ms?: number;
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
             * @description A font key or alias; any other value is answered with INVALID_FONT
             * @example noto-serif-sc
             */
            font_family?: string;
            /** @example #FFFFFF */
            color?: string;
            /** @description Bottom-centre anchor of the text block, in pixels of the output canvas; absent = the preset place */
            position?: components["schemas"]["PositionDto"];
            text_wrapping?: components["schemas"]["TextWrappingDto"];
            outline?: components["schemas"]["OutlineDto"];
            shadow?: components["schemas"]["ShadowDto"];
        };
        ClipDto: {
            /**
             * @description Clip identifier chosen by the client, unique within its track
             * @example clip-1
             */
            id: string;
            /**
             * @description http(s) URL the service downloads; for a subtitle clip, a subtitle file (SRT or WebVTT)
             * @example https://media.example.com/intro.mp4
             */
            media_url: string;
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
            /** @description Depends on the track type; keys of another track type are rejected */
            properties?: components["schemas"]["VideoClipPropertiesDto"] | components["schemas"]["AudioClipPropertiesDto"] | components["schemas"]["SubtitleClipPropertiesDto"];
        };
        TrackDto: {
            /**
             * @description Track identifier chosen by the client, unique within the timeline
             * @example main
             */
            id: string;
            /**
             * @description Decides which clip properties are accepted
             * @enum {string}
             */
            type: "video" | "audio" | "subtitle";
            /** @description Clips of this track; may be empty */
            clips: components["schemas"]["ClipDto"][];
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    TasksController_list: {
        parameters: {
            query?: never;
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
                    [name: string]: unknown;
                };
                content?: never;
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
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveriesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveriesController_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                taskId: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsageController_get: {
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
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FilesController_serve: {
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
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
