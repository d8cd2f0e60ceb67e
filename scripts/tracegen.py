"""What the trace-writing scripts (make-conflict-traces.py, make-example-traces.py) share."""

HZ = 1 / 120


def fmt(v):
    """A number as the traces spell it: at most 4 decimals, no trailing zeros, never -0."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def sample_line(t, fid, phase, x, y):
    """One touch sample as a JSON Lines record."""
    return '{"t":%s,"id":%d,"phase":"%s","x":%s,"y":%s}' % (fmt(t), fid, phase, fmt(x), fmt(y))
