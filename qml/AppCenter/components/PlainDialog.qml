import QtQuick
import QtQuick.Controls

// A dialog whose title is plain text. The styles draw Dialog.title with a Label left in its
// default AutoText format, which renders a title that looks like HTML as rich text and loads
// its <img src> (issue 29): "Review %1" and "Remove %1?" carry an application's name from the
// catalog. Every dialog of the window is a PlainDialog; tests/ui/test_plain_text_everywhere.py
// opens them all with such names.
Dialog {
    id: control

    header: Label {
        text: control.title
        textFormat: Text.PlainText
        visible: control.title !== ""
        elide: Label.ElideRight
        font.bold: true
        topPadding: Theme.largeSpacing
        leftPadding: Theme.largeSpacing
        rightPadding: Theme.largeSpacing
    }
}
