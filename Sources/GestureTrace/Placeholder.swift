public enum TraceFormatPlaceholder {}
