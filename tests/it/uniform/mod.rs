//! Pearson's chi-square test of counts that should be uniform, shared by the library's and the
//! command line's tests of the draws (`cli/tests/draw.rs` includes this file by path).

/// Fails unless Pearson's chi-square of `counts` (each category equally likely) lies within
/// the two-sided 0.1% bounds for its degrees of freedom, from the Wilson–Hilferty
/// approximation (z = 3.29). With a fixed seed the outcome is fixed.
pub fn assert_uniform(counts: &[u32]) {
    let total: f64 = counts.iter().map(|&count| f64::from(count)).sum();
    let expected = total / counts.len() as f64;
    let chi_square: f64 = counts
        .iter()
        .map(|&count| (f64::from(count) - expected).powi(2) / expected)
        .sum();
    let k = (counts.len() - 1) as f64;
    let bound = |z: f64| k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3);
    let (low, high) = (bound(-3.29), bound(3.29));
    assert!(
        (low..high).contains(&chi_square),
        "chi-square {chi_square:.1} outside {low:.1}..{high:.1} ({k} degrees of freedom)"
    );
}
