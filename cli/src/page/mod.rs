//! What the two HTML pages share, the explorer's (`chess960 serve`, `serve/page.html`) and the
//! tree's (`chess960 tree --format html`, `tree/page.html`): the board, the results bar, the
//! move line, the buttons and keys that move along it and the page's layout, a phone's too
//! (`board.css`, `board.js`). Each page is one file, the shared style and script written into
//! it where its markers stand, so that the tree's page is whole on its own and the explorer's
//! one request.
//!
//! Used by `serve` and by `tree`.

/// The shared style: the board, the bar, the line, the tables; the layout on a desk and on a
/// phone.
const BOARD_CSS: &str = include_str!("board.css");

/// The shared script: the board drawn, the bar, the line and the moves along it.
const BOARD_JS: &str = include_str!("board.js");

/// `page` with each of its markers (`<!--NAME-->`) replaced: `board.css` and `board.js` by the
/// shared style and script, each name of `own` by its text; a name that ends in `.css` as a
/// style, any other as a script.
///
/// # Panics
///
/// Where `page` lacks a marker, or a text would end its element early (`</style` or
/// `</script` in it): the pages are the crate's own.
pub fn assembled(page: &str, own: &[(&str, &str)]) -> String {
    let shared = [("board.css", BOARD_CSS), ("board.js", BOARD_JS)];
    shared
        .iter()
        .chain(own)
        .fold(page.to_owned(), |page, (name, text)| {
            let marker = format!("<!--{name}-->");
            let tag = if name.ends_with(".css") {
                "style"
            } else {
                "script"
            };
            assert!(page.contains(&marker), "no {marker} in the page");
            assert!(!text.contains(&format!("</{tag}")), "{name} ends its {tag}");
            page.replacen(&marker, &format!("<{tag}>\n{text}</{tag}>"), 1)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_become_styles_and_scripts() {
        let page = "<head>\n<!--board.css-->\n</head>\n<!--board.js-->\n<!--own.js-->\n";
        let page = assembled(page, &[("own.js", "let own = 1;\n")]);
        assert!(page.starts_with(&format!("<head>\n<style>\n{BOARD_CSS}</style>\n</head>\n")));
        assert!(page.ends_with(&format!(
            "<script>\n{BOARD_JS}</script>\n<script>\nlet own = 1;\n</script>\n"
        )));
        assert!(!page.contains("<!--"));
    }

    #[test]
    #[should_panic(expected = "no <!--board.js--> in the page")]
    fn a_marker_missing_is_a_mistake() {
        assembled("<!--board.css-->", &[]);
    }
}
