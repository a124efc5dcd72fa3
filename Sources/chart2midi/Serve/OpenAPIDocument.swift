/// The service's API as an OpenAPI 3.1 document, served at `GET /openapi.json`.
enum OpenAPIDocument {
  static let text = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "chart2midi",
        "version": "1",
        "summary": "Charts to MIDI, audio and pages that explore them by ear.",
        "description": "A chart (an audio-graph chart descriptor, a Vega-Lite specification or CSV) in; its MIDI file, its audio (WAV, FLAC, Ogg Vorbis, Opus, MP3) or its page as a zip archive out. x is time, y pitch, a numeric additional axis note duration, a categorical one the instrument. The same request gives the same bytes, tagged by an ETag."
      },
      "paths": {
        "/v1/render": {
          "post": {
            "operationId": "render",
            "summary": "Render a chart to one output.",
            "parameters": [
              {
                "name": "format", "in": "query", "required": true,
                "description": "The output.",
                "schema": {"type": "string", "enum": ["mid", "wav", "flac", "ogg", "opus", "mp3", "page.zip"]}
              },
              {"name": "x", "in": "query", "description": "A CSV chart's x column.", "schema": {"type": "string"}},
              {"name": "y", "in": "query", "description": "A CSV chart's y column.", "schema": {"type": "string"}},
              {"name": "series", "in": "query", "description": "A CSV chart's column naming the series.", "schema": {"type": "string"}},
              {"name": "duration", "in": "query", "description": "A CSV chart's column of note durations.", "schema": {"type": "string"}},
              {"name": "instrument", "in": "query", "description": "A CSV chart's column of instruments.", "schema": {"type": "string"}},
              {"name": "title", "in": "query", "description": "A CSV chart's title.", "schema": {"type": "string"}},
              {
                "name": "If-None-Match", "in": "header",
                "description": "The ETag of a response the client holds: 304 when the request would give the same bytes.",
                "schema": {"type": "string"}
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "oneOf": [
                      {"$ref": "#/components/schemas/Chart"},
                      {"$ref": "#/components/schemas/Envelope"}
                    ]
                  }
                },
                "text/csv": {"schema": {"type": "string"}},
                "multipart/form-data": {
                  "schema": {
                    "type": "object",
                    "required": ["chart"],
                    "properties": {
                      "chart": {"type": "string", "contentMediaType": "application/octet-stream", "description": "The chart file: JSON, or CSV by its type or name."},
                      "settings": {"$ref": "#/components/schemas/Settings"}
                    }
                  }
                }
              }
            },
            "responses": {
              "200": {
                "description": "The output.",
                "headers": {"ETag": {"description": "The tag of the chart, settings and output.", "schema": {"type": "string"}}},
                "content": {
                  "audio/midi": {"schema": {"type": "string", "contentMediaType": "audio/midi"}},
                  "audio/wav": {"schema": {"type": "string", "contentMediaType": "audio/wav"}},
                  "audio/flac": {"schema": {"type": "string", "contentMediaType": "audio/flac"}},
                  "audio/ogg": {"schema": {"type": "string", "contentMediaType": "audio/ogg"}},
                  "audio/mpeg": {"schema": {"type": "string", "contentMediaType": "audio/mpeg"}},
                  "application/zip": {"schema": {"type": "string", "contentMediaType": "application/zip"}}
                }
              },
              "304": {"description": "The client holds these bytes already (If-None-Match)."},
              "400": {"description": "The request is malformed: no format, a form or envelope that cannot be read.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "408": {"description": "The request's body came slower than the service's minimum rate; the connection is closed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"description": "The request or the chart is beyond the service's limits.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "415": {"description": "The body is of a type the service does not read.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "422": {"description": "The chart or a setting is wrong; location names the place.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "500": {"description": "The server could not render the chart.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "503": {"description": "The service is full; try again after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          }
        },
        "/health": {
          "get": {
            "operationId": "health",
            "summary": "Whether the service answers, and how full it is.",
            "responses": {
              "200": {
                "description": "It answers.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "required": ["status", "renders", "capacity"],
                      "properties": {
                        "status": {"type": "string", "const": "ok"},
                        "renders": {"type": "integer", "description": "Requests rendering or waiting for a thread."},
                        "capacity": {"type": "integer", "description": "How many may be."}
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "/metrics": {
          "get": {
            "operationId": "metrics",
            "summary": "The service's metrics, in Prometheus's text format.",
            "responses": {"200": {"description": "The metrics.", "content": {"text/plain": {"schema": {"type": "string"}}}}}
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "openapi",
            "summary": "This document.",
            "responses": {"200": {"description": "The document.", "content": {"application/json": {"schema": {"type": "object"}}}}}
          }
        }
      },
      "components": {
        "schemas": {
          "Chart": {
            "type": "object",
            "description": "An audio-graph chart descriptor (title, summary, xAxis, yAxis, additionalAxes, series, sonification) or a single-view Vega-Lite specification with its data inline."
          },
          "Settings": {
            "type": "object",
            "description": "The settings a chart's sonification object takes, on top of the chart's own: narrate, voice, loudness, quality, bitrate, noteRange, scale and the others. None names a file."
          },
          "Envelope": {
            "type": "object",
            "properties": {
              "chart": {"$ref": "#/components/schemas/Chart"},
              "csv": {"type": "string", "description": "A CSV chart's text."},
              "columns": {"type": "object", "additionalProperties": {"type": "string"}, "description": "A CSV chart's columns: x, y, series, duration, instrument, title."},
              "settings": {"$ref": "#/components/schemas/Settings"}
            },
            "additionalProperties": false
          },
          "Error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
              "code": {"type": "string", "description": "What kind of mistake: exceedsLimits, invalidValue, invalidSetting, badRequest, busy and others."},
              "message": {"type": "string", "description": "One sentence: what is wrong, and what is expected."},
              "location": {"type": "string", "description": "Where: series[0].dataPoints[41].y, settings.voice, line 3, column 14."}
            }
          }
        }
      }
    }
    """#
}
