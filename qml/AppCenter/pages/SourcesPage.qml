pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// Where applications come from: the catalog's origins (what the list was built from, and
// which source installs each) and the package manager's repositories with a switch each,
// plus Refresh with progress. Titles and ids come from the system: plain text.
Page {
    id: page

    required property var sources

    padding: 0
    Accessible.name: heading.text

    header: ColumnLayout {
        spacing: Theme.spacing
        RowLayout {
            spacing: Theme.largeSpacing
            Layout.fillWidth: true
            Layout.topMargin: Theme.largeSpacing
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            Label {
                id: heading
                text: qsTr("Sources")
                font.pointSize: Theme.headingSize
                font.bold: true
                elide: Text.ElideRight
                Accessible.role: Accessible.Heading
                Layout.fillWidth: true
            }
            Button {
                objectName: "refreshSources"
                text: page.sources.refreshing ? qsTr("Cancel") : qsTr("Refresh")
                enabled: page.sources.available
                Accessible.name: page.sources.refreshing ? qsTr("Cancel refreshing the sources")
                                                         : qsTr("Refresh the sources")
                ToolTip.visible: hovered && !enabled
                ToolTip.text: page.sources.unavailableReason
                onClicked: page.sources.refreshing ? page.sources.cancelRefresh() : page.sources.refresh()
                FocusRing {}
            }
        }
        ColumnLayout {
            visible: page.sources.refreshing
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            Label {
                text: page.sources.statusText
                Layout.fillWidth: true
            }
            ProgressBar {
                objectName: "refreshProgress"
                from: 0
                to: 100
                value: Math.max(0, page.sources.percent)
                indeterminate: page.sources.percent < 0
                Layout.fillWidth: true
                Accessible.name: page.sources.statusText
            }
        }
        ErrorBanner {
            objectName: "sourcesError"
            text: page.sources.errorText
            visible: text !== ""
            onDismissed: page.sources.clearError()
            Layout.fillWidth: true
        }
        Label {
            visible: !page.sources.available || !page.sources.managesRepositories
            text: !page.sources.available ? page.sources.unavailableReason
                                          : qsTr("The package source does not list its repositories.")
            wrapMode: Text.Wrap
            color: Theme.mutedText
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
        }
    }

    ListView {
        id: list
        objectName: "sourcesList"
        anchors.fill: parent
        anchors.topMargin: Theme.spacing
        clip: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        model: page.sources
        Accessible.name: qsTr("Sources")
        Accessible.role: Accessible.List
        ScrollBar.vertical: ScrollBar {}
        section.property: "kind"
        section.delegate: Label {
            id: sectionLabel
            required property string section
            width: ListView.view.width
            text: sectionLabel.section === "catalog" ? qsTr("Application catalog")
                                                     : qsTr("Package repositories")
            font.bold: true
            font.pointSize: Theme.subheadingSize
            topPadding: Theme.largeSpacing
            bottomPadding: Theme.spacing
            leftPadding: Theme.largeSpacing
            Accessible.role: Accessible.Heading
        }
        Keys.onSpacePressed: {
            const entry = list.currentItem as SourceEntry
            if (entry && entry.canToggle)
                page.sources.setEnabled(entry.sourceId, !entry.repoEnabled)
        }

        component SourceEntry: ItemDelegate {
            id: entry
            required property int index
            required property string kind
            required property string sourceId
            required property string title
            required property string detail
            required property bool repoEnabled
            required property bool canToggle
            required property bool busy

            width: ListView.view.width
            focusPolicy: Qt.NoFocus
            highlighted: list.activeFocus && list.currentIndex === entry.index
            leftPadding: Theme.largeSpacing
            rightPadding: Theme.largeSpacing
            Accessible.name: entry.title
            Accessible.description: entry.detail
            contentItem: RowLayout {
                spacing: Theme.largeSpacing
                ColumnLayout {
                    spacing: 0
                    Layout.fillWidth: true
                    Label {
                        text: entry.title
                        textFormat: Text.PlainText
                        font.bold: true
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    Label {
                        text: entry.detail
                        textFormat: Text.PlainText
                        color: Theme.mutedText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
                BusyIndicator {
                    visible: entry.busy
                    running: entry.busy
                    Layout.preferredWidth: Theme.gridUnit * 1.5
                    Layout.preferredHeight: Theme.gridUnit * 1.5
                    Accessible.name: qsTr("Changing %1").arg(entry.title)
                }
                Switch {
                    objectName: "repoSwitch"
                    visible: entry.kind === "repository"
                    checked: entry.repoEnabled
                    enabled: entry.canToggle
                    Accessible.name: entry.repoEnabled ? qsTr("Disable %1").arg(entry.title)
                                                   : qsTr("Enable %1").arg(entry.title)
                    onToggled: page.sources.setEnabled(entry.sourceId, checked)
                    FocusRing {}
                }
            }
        }
        delegate: SourceEntry {}
    }
}
