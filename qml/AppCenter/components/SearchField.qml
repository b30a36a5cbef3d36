import QtQuick
import QtQuick.Controls

// The search box: focused on start and by Ctrl+F, Esc clears it. It reports edits; the
// apps model debounces and runs the query off the GUI thread.
TextField {
    id: field

    signal edited(string newText)

    function focusField() {
        field.forceActiveFocus()
        field.selectAll()
    }

    objectName: "searchField"
    focus: true
    placeholderText: qsTr("Search applications…")
    selectByMouse: true
    Accessible.name: qsTr("Search applications")
    Accessible.role: Accessible.EditableText
    onTextEdited: field.edited(field.text)
    Keys.onEscapePressed: {
        field.clear()
        field.edited("")
    }
}
