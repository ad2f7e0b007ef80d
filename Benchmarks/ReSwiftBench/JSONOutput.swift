// `reswift-bench --json`: the results as a JSON array, for scripts that compare runs.
//
// One object per workload (notify, closures, select, dispatch, dispatch-profiled, subscribe,
// unsubscribe, memory, derived, listeners, waiting-keys, waiting-http, query-dedup,
// query-loaded-100, query-loaded-10000, query-loaded-100000, query-passthrough):
//   {"workload": "dispatch", "store_ns": 61.2, "floor_ns": 14.1, "ratio": 4.34}
// Times are nanoseconds per operation (per dispatch for notify/closures/select/dispatch, per round
// of two dispatches for derived, per call for subscribe/unsubscribe, the slower of the two
// resident sizes); a value with no floor has `null` floor and ratio. `memory` is measured in bytes
// per subscription, so its times are `null` and it carries `"bytes"` instead. `waiting-keys` and
// `waiting-http` are milliseconds of CPU per second of waiting: their times are `null` and they
// carry `"cpu_ms_per_s"` and `"floor_cpu_ms_per_s"`. `query-dedup` counts fetches: its times are
// `null` and it carries `"fetches"`.

/// The JSON text for `rows`: one object per workload key, the informational rows left out.
func jsonReport(_ rows: [Row]) -> String {
    var order: [String] = []
    var worst: [String: Row] = [:]
    for row in rows {
        guard let key = row.key else { continue }
        if let existing = worst[key] {
            if row.measured > existing.measured { worst[key] = row }
        } else {
            order.append(key)
            worst[key] = row
        }
    }
    let objects = order.compactMap { key -> String? in
        guard let row = worst[key] else { return nil }
        let scale: Double? =
            switch row.unit {
            case "µs": 1000
            case "ns": 1
            default: nil
            }
        var fields = ["\"workload\": \"\(key)\""]
        if row.unit == "ms/s" {
            fields += ["\"store_ns\": null", "\"floor_ns\": null", "\"ratio\": null"]
            fields.append("\"cpu_ms_per_s\": \(jsonNumber(row.measured))")
            fields.append("\"floor_cpu_ms_per_s\": \(row.floor.map(jsonNumber) ?? "null")")
        } else if let scale {
            fields.append("\"store_ns\": \(jsonNumber(row.measured * scale))")
            fields.append("\"floor_ns\": \(row.floor.map { jsonNumber($0 * scale) } ?? "null")")
            fields.append("\"ratio\": \(row.ratio.map(jsonNumber) ?? "null")")
        } else {
            fields += ["\"store_ns\": null", "\"floor_ns\": null", "\"ratio\": null"]
            fields.append("\"\(row.unit == "fetches" ? "fetches" : "bytes")\": \(jsonNumber(row.measured))")
        }
        return "  {" + fields.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
}

/// A finite number with up to three decimals; JSON has no NaN or infinity.
private func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let thousandths = (value * 1000).rounded()
    let whole = Int(thousandths / 1000)
    let fraction = Int(abs(thousandths).truncatingRemainder(dividingBy: 1000))
    let sign = value < 0 && whole == 0 ? "-" : ""
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
}
