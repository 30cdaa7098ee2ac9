//! `chess960 list --format html`: the page's structure, and (where Debian's chromium is
//! installed) the page rendered in headless Chromium: on every one of the 960 boards the two
//! white bishops stand on squares of different computed colours and a1 is dark. The test
//! also leaves a screenshot in the target directory for a person to look at.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn page() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["list", "--format", "html"])
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_page_holds_960_boards_of_64_squares() {
    let html = page();
    assert!(html.starts_with("<!doctype html>"));
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("src="));
    assert_eq!(html.matches("<figure").count(), 960);
    assert_eq!(html.matches("<i>").count(), 960 * 64);
    assert!(html.contains("<figcaption>518 RNBQKBNR</figcaption>"));
    assert!(html.contains("<figcaption>0 BBQNNRKR</figcaption>"));
}

pub fn chromium() -> PathBuf {
    let installed = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    common::tool("chromium", installed, "apt-get install chromium")
}

fn headless(chromium: &Path, args: &[&str], page: &Path) -> std::process::Output {
    // A profile per page's folder: two Chromiums on one profile (tests run in parallel) fail.
    let profile = page.with_file_name("chromium-profile");
    Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap()
}

pub fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const CHECK: &str = r#"<script>
const dark = getComputedStyle(document.querySelector('.board i:nth-child(2)')).backgroundColor;
const bad = [];
for (const fig of document.querySelectorAll('figure')) {
  const rank1 = Array.from(fig.querySelectorAll('.board i')).slice(56, 64);
  const colours = rank1.filter(c => c.textContent === '♗').map(c => getComputedStyle(c).backgroundColor);
  if (colours.length !== 2 || colours[0] === colours[1]) bad.push(fig.id);
  if (getComputedStyle(rank1[0]).backgroundColor !== dark) bad.push(fig.id + '-a1');
}
document.body.setAttribute('data-check', `boards=${document.querySelectorAll('figure').length} bad=[${bad}]`);
</script>"#;

#[test]
#[ignore = "needs Chromium: `cargo test -- --ignored`, as .ci/run does"]
fn chromium_renders_every_bishop_pair_on_both_colours() {
    let (check, png) = in_chromium(&page(), CHECK, "html", "list");
    assert_eq!(check, "boards=960 bad=[]");
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000);
}

/// `html` in headless Chromium, in `dir` of the target's temporary folder: the `data-check`
/// attribute that `script` (added at the end of the body) sets on the body, and a screenshot
/// of the page without it, `NAME.png` (its path is printed, for a person to look at).
pub fn in_chromium(html: &str, script: &str, dir: &str, name: &str) -> (String, PathBuf) {
    let chromium = chromium();
    let dir = tempdir(dir);
    let checked = dir.join("checked.html");
    std::fs::write(
        &checked,
        html.replace("</body>", &format!("{script}</body>")),
    )
    .unwrap();
    let dom = headless(&chromium, &["--dump-dom"], &checked);
    let dom = String::from_utf8_lossy(&dom.stdout);
    let check = dom
        .split("data-check=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_default()
        .to_owned();

    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, html).unwrap();
    let png = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&png);
    let shot = format!("--screenshot={}", png.display());
    headless(&chromium, &[&shot, "--window-size=1280,900"], &page);
    eprintln!("screenshot: {}", png.display());
    (check, png)
}
