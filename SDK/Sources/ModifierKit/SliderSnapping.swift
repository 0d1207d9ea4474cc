/// Where a Slider's thumb comes to rest for a value: the one rule for the SDK's `Slider` in a
/// view body and for the host's own Slider view, so that both show the same number.
@_spi(ModhostHost) public enum SliderSnapping {
    /// `value` clamped to `min…max`, then on the nearest step from `min` that is not beyond
    /// `max`, as a stepped Slider's thumb stops there. Decimal steps are rounded to the digits
    /// of `min` and `step` as written, so that 0.1 × 3 shows 0.3, not 0.30000000000000004.
    public static func snapped(_ value: Double, min: Double, max: Double, step: Double?) -> Double {
        let inside = Swift.min(Swift.max(value, min), max)
        guard let step, step > 0 else { return inside }
        var steps = ((inside - min) / step).rounded()
        if min + steps * step > max { steps -= 1 }
        let result = min + steps * step
        let digits = Swift.max(decimals(of: min), decimals(of: step))
        guard digits > 0, digits <= 15 else { return result }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (result * scale).rounded() / scale
    }

    /// The digits after the point of `value` written shortest (0 when it has an exponent).
    private static func decimals(of value: Double) -> Int {
        let text = String(value)
        guard !text.contains("e"), let point = text.firstIndex(of: ".") else { return 0 }
        let fraction = text[text.index(after: point)...]
        return fraction == "0" ? 0 : fraction.count
    }
}
